import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { JobContext, JobDefinition } from '../../src/api/job-definition.js';
import { loadConfig } from '../../src/config/config.js';
import { bossSchema, startQueue } from '../../src/jobs/queue.js';
import { createQueues, startWorkers } from '../../src/jobs/registry.js';
import { nodeArgsFor } from '../helpers/code-root.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// pg-pool's end() leaves a query waiting for a connection pending for ever, so a worker whose
// fetch waited when its queue stopped never stopped, and pg-boss's 1 s wait for it kept the
// process alive (src/jobs/queue-db.ts). Without that fixed, the child below never ends.
test('a job queue stopped while its workers wait for a connection leaves the process free to end', async () => {
  const child = spawn(process.execPath, nodeArgsFor('test/helpers/queue-stop-child.ts'), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  const ended = await new Promise<boolean>((resolve) => {
    // The child's stop takes ~2 s after its queue starts; 30 s allows for a loaded machine.
    const late = setTimeout(() => resolve(false), 30_000);
    child.once('exit', () => {
      clearTimeout(late);
      resolve(true);
    });
  });
  if (!ended) child.kill('SIGKILL');
  assert.ok(ended, `still running ${Date.now() - started} ms after it started: ${output}`);
  assert.equal(child.exitCode, 0, output);
  assert.match(output, /^stopped, holding /m);
});

// pg-boss's stop looks for jobs in hand once its workers are told to stop, and completes or fails
// a job without waiting for the write. A fetch still running then (here held by a lock on the job
// table) takes its job after that look: the job began on a closing queue, and its completion was
// dropped with the closed connections, so it stayed active until it expired (5 minutes for a
// mailing list import, which a restarted server then did not go on with). Now it is handed back.
test('a job fetched while its queue stops is handed back to run again, not left active', async () => {
  const url = await testDatabaseUrl();
  const schema = `t_${randomBytes(5).toString('hex')}`;
  const jobs = bossSchema(schema);
  const boss = await startQueue(url, schema, () => {}, 120, 'postroom-test', 2);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const config = loadConfig({});
    // Every queue first, so that starting the worker under the lock makes none.
    await createQueues(boss, config);
    await boss.createQueue('held');
    const id = await boss.send('held', {});
    await admin.query('BEGIN');
    await admin.query(`LOCK TABLE ${jobs}.job IN EXCLUSIVE MODE`);
    let began = false;
    const held: JobDefinition = {
      name: 'held',
      async run() {
        began = true;
      },
    };
    await startWorkers(boss, { config } as JobContext, [held]);
    // The worker's first fetch waits for the lock.
    while (
      !(await admin.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = '${jobs}.job'::regclass`))
        .rowCount
    )
      await delay(20);
    const closing = once(boss, 'stopped'); // pg-boss found no job in hand; its connections close next
    const stopped = boss.stop({ graceful: true, wait: true, timeout: 1000 });
    await closing;
    await admin.query('COMMIT'); // the fetch goes on and takes the job
    await stopped;
    const { rows } = await admin.query(`SELECT state FROM ${jobs}.job WHERE id = $1`, [id]);
    assert.equal(began, false, 'the job did not begin on a stopping queue');
    assert.ok(['created', 'retry'].includes(rows[0].state), `the job's state: ${rows[0].state}`);
  } finally {
    await admin.query('ROLLBACK').catch(() => {});
    await admin.query(`DROP SCHEMA IF EXISTS ${jobs} CASCADE`);
    await admin.end();
  }
});
