import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { startWebhookListener } from '../../src/cli/webhooks.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { emitEvent } from '../helpers/webhook-receiver.js';

const SECRET = 'listen-test-secret-0123456789';
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function listenAndDeliver(payloadFormat: 'jwt' | 'json', listenSecret: string | undefined) {
  const lines: string[] = [];
  const listener = await startWebhookListener({ port: 0, secret: listenSecret, print: (l) => lines.push(l) });
  const org = `listen-${payloadFormat}-${listenSecret?.length ?? 0}`;
  const key = await server.key({ org });
  const hook = { url: listener.url, enabledEvents: ['letter.created'], payloadFormat, secret: SECRET };
  assert.equal((await server.request('POST', '/print-mail/v1/webhooks', { key, json: hook })).status, 201);
  const event = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', { id: 'letter_l' });
  for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  await listener.close();
  assert.equal(lines.length, 1);
  assert.match(lines[0], new RegExp(`${payloadFormat} letter\\.created ${event.id}`));
  return lines[0];
}

test('`webhooks listen` verifies both formats with the right secret', async () => {
  assert.match(await listenAndDeliver('jwt', SECRET), /signature verified/);
  assert.match(await listenAndDeliver('json', SECRET), /signature verified/);
});

test('`webhooks listen` flags a wrong secret and says when it cannot check', async () => {
  assert.match(await listenAndDeliver('json', 'another-secret-0123456789'), /SIGNATURE INVALID/);
  assert.match(await listenAndDeliver('jwt', undefined), /not checked/);
});

test('`postroom webhooks` without a subcommand says which it takes, in one line', async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (msg: string) => errors.push(msg);
  try {
    assert.equal(await main(['webhooks']), 2);
  } finally {
    console.error = original;
  }
  assert.equal(errors.length, 1);
  assert.match(errors[0], /needs a command: listen/);
  assert.match(errors[0], /postroom webhooks --help/);
});
