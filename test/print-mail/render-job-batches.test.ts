import assert from 'node:assert/strict';
import { test } from 'node:test';
import type PgBoss from 'pg-boss';
import type { JobContext, JobDefinition } from '../../src/api/job-definition.js';
import { batchHandler } from '../../src/jobs/registry.js';

// Render jobs are fetched several at a time (src/api/print-mail/orders/render-order.job.ts) and run side by side:
// one failing must not fail or complete its neighbours, and a batch of one still throws so
// pg-boss records the error.
test('a job that fails in a batch is failed alone; the others run', async () => {
  const ran: string[] = [];
  const job: JobDefinition<{ id: string }> = {
    name: 'render-order',
    async run({ id }) {
      ran.push(id);
      if (id === 'bad') throw new Error('browser gone');
    },
  };
  const failed: Array<[string, string, unknown]> = [];
  const boss = {
    fail: async (name: string, id: string, data?: object) => void failed.push([name, id, data]),
  };
  const handle = batchHandler(job as JobDefinition, {} as JobContext, boss as unknown as PgBoss);
  const item = (id: string) =>
    ({ id: `job-${id}`, name: 'render-order', data: { id } }) as PgBoss.Job<object>;

  await handle([item('bad'), item('good')]);
  assert.deepEqual(ran, ['bad', 'good']);
  assert.equal(failed.length, 1);
  assert.equal(failed[0][0], 'render-order');
  assert.equal(failed[0][1], 'job-bad');
  assert.match((failed[0][2] as { message: string }).message, /browser gone/);

  await assert.rejects(handle([item('bad')]), /browser gone/);
  assert.equal(failed.length, 1, 'a batch of one is failed by pg-boss, not here');
});

test("a batch's jobs run side by side", async () => {
  let running = 0;
  let most = 0;
  const job: JobDefinition<{ id: string }> = {
    name: 'render-order',
    async run() {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
    },
  };
  const handle = batchHandler(job as JobDefinition, {} as JobContext, {} as PgBoss);
  const batch = ['a', 'b', 'c'].map(
    (id) => ({ id, name: 'render-order', data: { id } }) as PgBoss.Job<object>,
  );
  await handle(batch);
  assert.equal(most, 3);
  assert.equal(running, 0, 'the handler returns once all of them are done');
});
