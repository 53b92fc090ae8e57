import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { bossSchema, startQueue } from '../../src/jobs/queue.js';
import { WATCH_MS, WORKER_POLL_SECONDS, watchQueues } from '../../src/jobs/queue-watch.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// Workers poll their own queue only every WORKER_POLL_SECONDS (30 s); each job below must be
// started by the watch's wake-up, well before a worker's own poll would have found it.
const WOKEN_WITHIN_MS = 10_000;

const schema = `t_${randomBytes(5).toString('hex')}`;
let boss: PgBoss;
const started = new Map<string, number>();
const workers = new Map<string, string[]>();
const errors: Error[] = [];

before(async () => {
  boss = await startQueue(
    await testDatabaseUrl(),
    schema,
    (err) => errors.push(err),
    120,
    'postroom-test',
    4,
  );
  for (const name of ['watched-a', 'watched-b']) {
    await boss.createQueue(name);
    const id = await boss.work(name, { pollingIntervalSeconds: WORKER_POLL_SECONDS }, async ([job]) => {
      started.set(job.id, Date.now());
    });
    workers.set(name, [id]);
  }
  // A worker waits out its first interval only after its first fetch; let both fetch nothing.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  watchQueues(boss, schema, workers);
});

after(async () => {
  await boss.stop({ graceful: true, wait: true, timeout: 1000 });
  const client = new pg.Client({ connectionString: await testDatabaseUrl() });
  await client.connect();
  await client.query(`DROP SCHEMA ${bossSchema(schema)} CASCADE`);
  await client.end();
});

async function startedAt(id: string, within: number): Promise<number | undefined> {
  const deadline = Date.now() + within;
  while (!started.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return started.get(id);
}

test('a job sent to an idle queue is started at the next watch, not at its worker’s 30 s poll', async () => {
  for (const name of ['watched-a', 'watched-b']) {
    const sent = Date.now();
    const id = (await boss.send(name, {})) as string;
    const at = await startedAt(id, WOKEN_WITHIN_MS);
    assert.ok(at, `${name}: not started within ${WOKEN_WITHIN_MS} ms`);
    assert.ok(at - sent < WOKEN_WITHIN_MS);
  }
  assert.deepEqual(errors, []);
});

test('a job due later (startAfter) is started once it is due, and not before', async () => {
  const sent = Date.now();
  const id = (await boss.send('watched-a', {}, { startAfter: 2 })) as string;
  const at = await startedAt(id, 2000 + WOKEN_WITHIN_MS);
  assert.ok(at, 'not started once due');
  // pg-boss compares start_after with the database's clock: allow it a little drift.
  assert.ok(at - sent >= 2000 - WATCH_MS, `started ${at - sent} ms after it was sent, before it was due`);
  assert.deepEqual(errors, []);
});
