import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type PgBoss from 'pg-boss';
import { loadConfig } from '../../src/config/config.js';
import { startQueue } from '../../src/jobs/queue.js';
import { createQueues, JOBS } from '../../src/jobs/registry.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// pg-boss refuses a queue whose dead-letter queue does not exist yet: createQueues makes
// those first, so the job list can be in any order (a real pg-boss on a schema of its own).
const schema = `t_${randomBytes(5).toString('hex')}`;
let boss: PgBoss;
before(async () => {
  boss = await startQueue(await testDatabaseUrl(), schema, () => {});
});
after(async () => {
  const pool = (boss as unknown as { getDb(): { executeSql(sql: string): Promise<unknown> } }).getDb();
  await pool.executeSql(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
  await boss.stop({ graceful: false, wait: true });
});

test('every queue is made, each with its dead-letter queue, whatever the order of the list', async () => {
  const withDeadLetters = JOBS.filter((job) => {
    const options = typeof job.queue === 'function' ? job.queue(loadConfig({})) : job.queue;
    return options?.deadLetter;
  });
  assert.ok(withDeadLetters.length >= 5, 'jobs with dead-letter queues');
  await createQueues(boss, loadConfig({}), [...JOBS].reverse());
  for (const job of JOBS) {
    const queue = await boss.getQueue(job.name);
    assert.ok(queue, `${job.name} exists`);
  }
  for (const job of withDeadLetters) {
    const queue = await boss.getQueue(job.name);
    assert.ok(queue?.deadLetter && (await boss.getQueue(queue.deadLetter)), `${job.name}'s dead letters`);
  }
});

test('four processes making the queues at once on a new database all succeed', async () => {
  const fresh = `t_${randomBytes(5).toString('hex')}`;
  const url = await testDatabaseUrl();
  const first = await startQueue(url, fresh, () => {}, 120, 'postroom-test', 2);
  const others = await Promise.all(
    [1, 2, 3].map(() => startQueue(url, fresh, () => {}, 120, 'postroom-test', 2)),
  );
  const all = [first, ...others];
  try {
    await Promise.all(all.map((b) => createQueues(b, loadConfig({}))));
    for (const job of JOBS) assert.ok(await first.getQueue(job.name), `${job.name} exists`);
  } finally {
    const db = (first as unknown as { getDb(): { executeSql(sql: string): Promise<unknown> } }).getDb();
    await db.executeSql(`DROP SCHEMA IF EXISTS ${fresh}_pgboss CASCADE`);
    await Promise.all(all.map((b) => b.stop({ graceful: false, wait: true })));
  }
});

test('a queue made earlier takes the options its job asks for now; a schema with every queue makes none', async () => {
  await createQueues(boss, loadConfig({}, { renderJobExpireSec: 900 }));
  assert.equal((await boss.getQueue('render-order'))?.expireInSeconds, 900);
  let made = 0;
  const counting = Object.create(boss, {
    createQueue: {
      value: (...args: Parameters<PgBoss['createQueue']>) => {
        made++;
        return boss.createQueue(...args);
      },
    },
  }) as PgBoss;
  await createQueues(counting, loadConfig({}, { renderJobExpireSec: 60 }));
  assert.equal(
    (await boss.getQueue('render-order'))?.expireInSeconds,
    60,
    'the changed setting reached the queue',
  );
  assert.equal((await boss.getQueue('render-order'))?.deadLetter, 'render-order-failed', 'the rest is kept');
  assert.equal(made, 0, 'every queue existed');
});
