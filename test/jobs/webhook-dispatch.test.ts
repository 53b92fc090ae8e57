import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dispatchEvents } from '../../src/jobs/webhook-dispatch.js';
import { WEBHOOK_DELIVERY_QUEUE } from '../../src/jobs/webhook-queue.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { emitEvent } from '../helpers/webhook-receiver.js';

// The dispatcher (jobs/webhook-dispatch.ts) drops events nobody subscribes to in one statement
// and fans out the rest in a transaction. Here it runs by hand (no workers), so the outbox and
// the delivery queue can be read between runs.
let server: TestServer;

before(async () => {
  server = await startTestServer({}, { workers: false });
});
after(() => server.close());

const letter = (id: string) => ({ id, object: 'letter', status: 'ready' });

async function counts() {
  const db = server.runtime.db.pool;
  const outbox = Number((await db.query('SELECT count(*) AS n FROM webhook_outbox')).rows[0].n);
  const jobs = await db.query(
    `SELECT data FROM ${server.schema}_pgboss.job WHERE name = $1 ORDER BY (data->>'seq')::bigint`,
    [WEBHOOK_DELIVERY_QUEUE],
  );
  return { outbox, deliveries: jobs.rows.map((r) => r.data) };
}

test('events nobody subscribes to are dropped with no delivery job; subscribed ones are fanned out once', async () => {
  const pool = server.runtime.db.pool;
  const { boss } = server.runtime;
  const key = await server.key({ org: 'dispatch-hooks' });
  const hook = await server.request('POST', '/print-mail/v1/webhooks', {
    key,
    json: { url: 'http://127.0.0.1:9/hook', enabledEvents: ['letter.updated'] },
  });
  assert.equal(hook.status, 201, hook.text);

  // Only unsubscribed events: another org, and a type the webhook does not take.
  await emitEvent(pool, 'dispatch-none', 'test', 'letter.created', letter('letter_a'));
  await emitEvent(pool, 'dispatch-hooks', 'test', 'letter.created', letter('letter_b'));
  assert.equal((await counts()).outbox, 2);
  assert.deepEqual(await dispatchEvents(pool, boss), { taken: 2, enqueued: 0 });
  assert.deepEqual(await counts(), { outbox: 0, deliveries: [] });

  // Mixed: the subscribed event (test mode, the webhook's mode) becomes one delivery job.
  await emitEvent(pool, 'dispatch-none', 'test', 'letter.updated', letter('letter_c'));
  const wanted = await emitEvent(pool, 'dispatch-hooks', 'test', 'letter.updated', letter('letter_d'));
  await emitEvent(pool, 'dispatch-hooks', 'live', 'letter.updated', letter('letter_e'));
  assert.deepEqual(await dispatchEvents(pool, boss), { taken: 3, enqueued: 1 });
  const after = await counts();
  assert.equal(after.outbox, 0);
  assert.equal(after.deliveries.length, 1);
  assert.equal(after.deliveries[0].eventId, wanted.id);
  assert.deepEqual(after.deliveries[0].webhookIds, [hook.body.id]);

  // Nothing left: nothing taken, nothing enqueued again.
  assert.deepEqual(await dispatchEvents(pool, boss), { taken: 0, enqueued: 0 });
  assert.equal((await counts()).deliveries.length, 1);
});
