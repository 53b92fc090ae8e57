import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestServer } from '../helpers/harness.js';
import { spawnWorker } from '../helpers/spawn-worker.js';
import { emitEvent, startReceiver } from '../helpers/webhook-receiver.js';

const HOOKS = '/print-mail/v1/webhooks';

// The worker process is killed with SIGKILL (no graceful stop) while a retry is pending; a
// worker started afterwards still makes that retry, on its schedule.
test('a retry pending when the worker is killed is made by the next worker', {
  timeout: 120_000,
}, async () => {
  const server = await startTestServer({ webhookRetryDelaysSec: [3] }, { workers: false });
  const receiver = await startReceiver((_d, i) => (i === 0 ? 500 : 200));
  try {
    const key = await server.key({ org: 'killed' });
    const hook = await server.request('POST', HOOKS, {
      key,
      json: { url: receiver.url(), enabledEvents: ['letter.updated'] },
    });
    assert.equal(hook.status, 201);
    const child = await spawnWorker(server, { POSTROOM_WEBHOOK_RETRY_DELAYS: '3' });
    const event = await emitEvent(server.runtime.db.pool, 'killed', 'test', 'letter.updated', {
      id: 'letter_k',
    });
    await receiver.waitFor(1, undefined, 15_000);
    // Wait until the failed attempt (and with it the scheduled retry) is committed, then kill.
    for (let i = 0; i < 100; i++) {
      const inv = await server.request('GET', `${HOOKS}/${hook.body.id}/invocations`, { key });
      if (inv.body.totalCount >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    assert.equal(receiver.deliveries.length, 1, 'the retry was not made before the kill');

    await server.restart({ workers: true });
    const [first, retry] = await receiver.waitFor(2, undefined, 30_000);
    assert.equal(retry.headers['postroom-event-id'], event.id);
    assert.ok(retry.receivedAt - first.receivedAt >= 2_900, 'the retry kept its schedule');
    // Invocations are committed in small batches just after the delivery: wait for the second.
    let inv = await server.request('GET', `${HOOKS}/${hook.body.id}/invocations`, { key });
    // Poll on the page itself: a list's page and its totalCount are read by two concurrent queries.
    for (let i = 0; i < 100 && inv.body.data.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      inv = await server.request('GET', `${HOOKS}/${hook.body.id}/invocations`, { key });
    }
    assert.deepEqual(inv.body.data.map((i: { statusCode: number }) => i.statusCode).sort(), [200, 500]);
  } finally {
    await receiver.close();
    await server.close();
  }
});
