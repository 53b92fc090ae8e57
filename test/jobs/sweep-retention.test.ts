import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config/config.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';
import { waitForOrder } from '../helpers/orders.js';
import { eventually } from '../helpers/postroom-process.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  server = await startTestServer({ retentionEventsDays: 90, retentionInvocationsDays: 30 });
  receiver = await startReceiver(() => 200);
});
after(async () => {
  await receiver.close();
  await server.close();
});

test('retention defaults: events 90 days, invocations 30 days, idempotency records 24 hours at least', () => {
  const config = loadConfig({});
  assert.equal(config.retentionEventsDays, 90);
  assert.equal(config.retentionInvocationsDays, 30);
  assert.equal(config.retentionIdempotencyHours, 24);
  const set = loadConfig({
    POSTROOM_RETENTION_EVENTS_DAYS: '0',
    POSTROOM_RETENTION_INVOCATIONS_DAYS: '7',
    POSTROOM_RETENTION_IDEMPOTENCY_HOURS: '1',
  });
  assert.deepEqual(
    [set.retentionEventsDays, set.retentionInvocationsDays, set.retentionIdempotencyHours],
    [0, 7, 24],
    'a key is honoured 24 hours, so its record is kept at least that long',
  );
  assert.throws(
    () => loadConfig({ POSTROOM_RETENTION_EVENTS_DAYS: 'soon' }),
    /POSTROOM_RETENTION_EVENTS_DAYS/,
  );
});

test('the sweep deletes events, invocations and idempotency records past their retention, and nothing else', {
  timeout: 3 * 60_000,
}, async () => {
  const key = await server.key({ org: 'retention' });
  const hook = await server.request('POST', '/print-mail/v1/webhooks', {
    key,
    json: { url: receiver.url(), enabledEvents: ['letter.created'] },
  });
  assert.equal(hook.status, 201, hook.text);
  const invocationsOf = async () =>
    (await server.request('GET', `/print-mail/v1/webhooks/${hook.body.id}/invocations?limit=100`, { key }))
      .body.data as Array<{ event: string }>;
  const letterWithEvents = async () => {
    const res = await server.request('POST', LETTERS, { key, json: letterBody() });
    assert.equal(res.status, 201, res.text);
    await waitForOrder(server, key, LETTERS, res.body.id); // its url event too
    const events = (await server.request('GET', `/print-mail/v1/events?limit=100`, { key })).body.data;
    const mine = events.filter((e: any) => e.data.id === res.body.id).map((e: any) => e.id as string);
    await eventually('its invocation', async () =>
      (await invocationsOf()).some((i) => mine.includes(i.event)),
    );
    return { id: res.body.id as string, events: mine };
  };
  const contact = (idem: string) =>
    server.request('POST', '/print-mail/v1/contacts', {
      key,
      json: { firstName: idem, addressLine1: '1 Main St' },
      headers: { 'idempotency-key': idem },
    });

  const old = await letterWithEvents(); // 91 days old when the sweep runs
  server.clock.advance(31 * DAY);
  const middle = await letterWithEvents(); // 60 days old: its events stay, its invocation goes
  server.clock.advance(60 * DAY);
  const recent = await letterWithEvents();
  assert.equal((await contact('idem-old')).status, 201);
  assert.equal((await contact('idem-new')).status, 201);
  // Idempotency records age by the database's clock (as the replay check reads them).
  await server.runtime.db.pool.query(
    "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'idem-old'",
  );

  await server.runtime.boss.send('sweep-retention', {});
  await server.runtime.boss.send('sweep-idempotency-keys', {});
  const listed = async () => (await server.request('GET', '/print-mail/v1/events?limit=100', { key })).body;
  await eventually(
    'old events swept',
    async () => !(await listed()).data.some((e: any) => old.events.includes(e.id)),
  );
  const events = await listed();
  const ids = events.data.map((e: any) => e.id);
  for (const id of [...middle.events, ...recent.events]) assert.ok(ids.includes(id), `${id} kept`);
  assert.equal(events.totalCount, events.data.length, "the list's count follows the deletes");
  assert.equal((await server.request('GET', `/print-mail/v1/events/${old.events[0]}`, { key })).status, 404);

  await eventually('old invocations swept', async () => (await invocationsOf()).length === 1);
  assert.ok(recent.events.includes((await invocationsOf())[0].event), 'the recent invocation is kept');

  await eventually('old idempotency record swept', async () => {
    const { rows } = await server.runtime.db.pool.query('SELECT key FROM idempotency_keys ORDER BY key');
    return rows.map((r) => r.key).join() === 'idem-new';
  });
  // Orders outlive their events.
  assert.equal((await server.request('GET', `${LETTERS}/${old.id}`, { key })).status, 200);
});
