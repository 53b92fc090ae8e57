import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('end to end: a letter created and cancelled over HTTP reaches a webhook as signed events', async () => {
  const key = await server.key({ org: 'webhooks-letters' });
  const receiver = await startReceiver();
  const hook = {
    url: receiver.url(),
    enabledEvents: ['letter.created', 'letter.updated'],
    payloadFormat: 'json',
  };
  assert.equal((await server.request('POST', '/print-mail/v1/webhooks', { key, json: hook })).status, 201);

  const letter = (await server.request('POST', LETTERS, { key, json: letterBody() })).body;
  assert.ok(letter.id, 'letter created');
  assert.equal((await server.request('DELETE', `${LETTERS}/${letter.id}`, { key })).status, 200);

  const events = (await receiver.waitFor(2, undefined, 15_000)).map((d) => JSON.parse(d.body));
  const created = events.find((e) => e.type === 'letter.created');
  assert.equal(created?.data.id, letter.id);
  assert.equal(created.data.status, 'ready');
  const cancelled = await receiver
    .waitFor(1, (d) => JSON.parse(d.body).data.status === 'cancelled', 15_000)
    .then(([d]) => JSON.parse(d.body));
  assert.equal(cancelled.type, 'letter.updated');
  assert.ok(cancelled.updatedFields.includes('status'));
  assert.equal(events[0].id, created.id, 'created arrives first');

  const listed = await server.request('GET', '/print-mail/v1/events?type=letter.created', { key });
  assert.deepEqual(
    listed.body.data.map((e: { id: string }) => e.id),
    [created.id],
  );
  await receiver.close();
});
