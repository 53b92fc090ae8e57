import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pino from 'pino';
import { type Runtime, startRuntime } from '../../src/runtime.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { emitEvent, startReceiver } from '../helpers/webhook-receiver.js';

const HOOKS = '/print-mail/v1/webhooks';
const servers: TestServer[] = [];
const runtimes: Runtime[] = [];
after(async () => {
  for (const r of runtimes) await r.close();
  for (const s of servers) await s.close();
});

/** Another process on the same schema, as after a restart (no HTTP). */
async function nextRuntime(server: TestServer, workers = true): Promise<Runtime> {
  const runtime = await startRuntime(server.runtime.config, {
    http: false,
    workers,
    schema: server.schema,
    logger: pino({ level: 'warn' }),
  });
  runtimes.push(runtime);
  return runtime;
}

async function hookedServer(delays: number[], answer: (d: unknown, i: number) => number) {
  const server = await startTestServer({ webhookRetryDelaysSec: delays });
  servers.push(server);
  const key = await server.key({ org: 'restart' });
  const receiver = await startReceiver(answer);
  const created = await server.request('POST', HOOKS, {
    key,
    json: { url: receiver.url(), enabledEvents: ['letter.created'] },
  });
  assert.equal(created.status, 201);
  return { server, receiver };
}

test('a retry pending when the server stops is made after the restart', async () => {
  const { server, receiver } = await hookedServer([2], (_d, i) => (i === 0 ? 500 : 200));
  const event = await emitEvent(server.runtime.db.pool, 'restart', 'test', 'letter.created', {
    id: 'letter_r',
  });
  await receiver.waitFor(1);
  await server.runtime.close(); // commits the first attempt and its retry, then stops
  await nextRuntime(server);
  const [first, retry] = await receiver.waitFor(2, undefined, 15_000);
  assert.equal(retry.headers['postroom-event-id'], event.id);
  assert.ok(retry.receivedAt - first.receivedAt >= 1_900, 'the retry kept its schedule');
  await receiver.close();
});

test('an event recorded while no worker runs is delivered once one starts', async () => {
  const { server, receiver } = await hookedServer([1], () => 200);
  await server.runtime.close();
  const apiOnly = await nextRuntime(server, false);
  const event = await emitEvent(apiOnly.db.pool, 'restart', 'test', 'letter.created', { id: 'letter_s' });
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(receiver.deliveries.length, 0, 'nobody delivers without workers');
  await nextRuntime(server);
  const [d] = await receiver.waitFor(1, undefined, 15_000);
  assert.equal(d.headers['postroom-event-id'], event.id);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(receiver.deliveries.length, 1, 'delivered once');
  await receiver.close();
});
