import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { type Answer, type Delivery, emitEvent, startReceiver } from '../helpers/webhook-receiver.js';

const HOOKS = '/print-mail/v1/webhooks';
let server: TestServer;
let n = 0;

before(async () => {
  server = await startTestServer({ webhookRetryDelaysSec: [1, 1, 1], webhookTimeoutMs: 400 });
});
after(() => server.close());

/** A fresh organization with a receiver and one webhook pointing at it. */
async function setup(hook: Record<string, unknown> = {}, answer?: (d: Delivery, i: number) => Answer) {
  const org = `delivery-${n++}`;
  const key = await server.key({ org });
  const receiver = await startReceiver(answer);
  const created = await server.request('POST', HOOKS, {
    key,
    json: { url: receiver.url(), enabledEvents: ['letter.created', 'letter.updated'], ...hook },
  });
  assert.equal(created.status, 201, created.text);
  return { org, key, receiver, webhook: created.body };
}

const letter = (id = `letter_${n++}`) => ({ id, object: 'letter', status: 'ready' });
/** The webhook's invocations once `count` are committed (they land just after the HTTP answer). */
async function invocations(key: string, id: string, count: number) {
  const until = Date.now() + 10_000; // generous: the machine may be busy
  for (;;) {
    const list = (await server.request('GET', `${HOOKS}/${id}/invocations?limit=100`, { key })).body;
    if (list.data.length >= count || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('webhook delivery', { concurrency: true }, () => {
  test('jwt: an HS256 JWT {type, data, iat} that verifies with the secret', async () => {
    const { org, key, receiver, webhook } = await setup();
    const event = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    const [d] = await receiver.waitFor(1);
    assert.equal(decodeProtectedHeader(d.body).alg, 'HS256');
    const { payload } = await jwtVerify(d.body, new TextEncoder().encode(webhook.secret), {
      algorithms: ['HS256'],
    });
    assert.equal(payload.type, 'letter.created');
    assert.deepEqual(payload.data, event.data);
    assert.equal(typeof payload.iat, 'number');
    assert.equal(payload.jti, event.id);
    assert.equal(d.headers['postroom-event-id'], event.id);
    await assert.rejects(jwtVerify(d.body, new TextEncoder().encode('wrong-secret-wrong-secret')));
    await receiver.close();
    const list = await invocations(key, webhook.id, 1);
    assert.equal(list.totalCount, 1);
    const [inv] = list.data;
    assert.match(inv.id, /^webhook_invocation_/);
    assert.deepEqual(
      {
        object: inv.object,
        webhook: inv.webhook,
        event: inv.event,
        type: inv.type,
        statusCode: inv.statusCode,
        orderID: inv.orderID,
      },
      {
        object: 'webhook_invocation',
        webhook: webhook.id,
        event: event.id,
        type: 'letter.created',
        statusCode: 200,
        orderID: event.data.id,
      },
    );
  });

  test('delivery starts within a second of the commit (median of 5, once warm)', async () => {
    const { org, receiver } = await setup();
    const lags: number[] = [];
    for (let i = 0; i <= 5; i++) {
      const event = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
      const [d] = await receiver.waitFor(1, (x) => x.headers['postroom-event-id'] === event.id);
      if (i > 0) lags.push(d.receivedAt - Date.parse(event.createdAt)); // the first one warms up
    }
    lags.sort((a, b) => a - b);
    assert.ok(lags[2] < 1000, `median ${lags[2]} ms`);
    await receiver.close();
  });

  test('json: the event JSON with t=,v1= HMAC under both header names', async () => {
    const { org, key, receiver, webhook } = await setup({ payloadFormat: 'json' });
    const event = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.updated', letter(), [
      'status',
    ]);
    const [d] = await receiver.waitFor(1);
    const header = String(d.headers['service-signature']);
    assert.equal(d.headers['postgrid-signature'], header);
    const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
    const expected = createHmac('sha256', webhook.secret).update(`${t}.${d.body}`).digest();
    assert.ok(timingSafeEqual(Buffer.from(v1, 'hex'), expected));
    assert.ok(Math.abs(Number(t) - Date.now()) < 5_000, 't is unix milliseconds');
    assert.deepEqual(JSON.parse(d.body), event);
    const stored = await server.request('GET', `/print-mail/v1/events/${event.id}`, { key });
    assert.deepEqual(JSON.parse(d.body), stored.body);
    await receiver.close();
  });

  test('a receiver answering 500 gets 3 retries on the schedule, each an invocation', async () => {
    const { org, key, receiver, webhook } = await setup({}, () => 500);
    await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    const got = await receiver.waitFor(4);
    for (let i = 1; i < 4; i++)
      assert.ok(got[i].receivedAt - got[i - 1].receivedAt >= 900, `retry ${i} waited`);
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(receiver.deliveries.length, 4, 'no fifth attempt');
    await receiver.close();
    const list = await invocations(key, webhook.id, 4);
    assert.equal(list.totalCount, 4);
    assert.deepEqual(
      list.data.map((i: { statusCode: number }) => i.statusCode),
      [500, 500, 500, 500],
    );
    assert.equal(new Set(list.data.map((i: { event: string }) => i.event)).size, 1);
    const kept = await server.runtime.db.pool.query(
      'SELECT DISTINCT response_excerpt AS excerpt FROM webhook_invocations WHERE webhook_id = $1',
      [webhook.id],
    );
    assert.deepEqual(kept.rows, [{ excerpt: 'status 500' }], 'the answer is kept for operators');
  });

  test('a receiver that times out is retried; a later 200 ends the retries', async () => {
    const { org, key, receiver, webhook } = await setup({}, (_d, i) => (i < 2 ? 'hang' : 200));
    await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    await receiver.waitFor(3);
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(receiver.deliveries.length, 3);
    await receiver.close();
    const list = await invocations(key, webhook.id, 3);
    assert.deepEqual(list.data.map((i: { statusCode: number }) => i.statusCode).sort(), [0, 0, 200]);

    // search, as in every list: fields, free text, and a malformed one refused
    const searched = async (search: string) =>
      server.request('GET', `${HOOKS}/${webhook.id}/invocations?search=${encodeURIComponent(search)}`, {
        key,
      });
    const ok = await searched('{"statusCode":200}');
    assert.deepEqual(
      ok.body.data.map((i: { statusCode: number }) => i.statusCode),
      [200],
    );
    const failed = await searched('{"statusCode":0}');
    assert.equal(failed.body.totalCount, 2);
    const byEvent = await searched(list.data[0].event);
    assert.equal(byEvent.body.totalCount, 3);
    assert.equal((await searched('"no such text"')).body.totalCount, 0);
    const malformed = await searched('{"statusCode":');
    assert.equal(malformed.status, 400, malformed.text);
    assert.match(malformed.body.error.message, /^search /);
  });

  test('only order events carry orderID', async () => {
    const { org, key, receiver, webhook } = await setup({ enabledEvents: ['tracker.visited'] });
    await emitEvent(server.runtime.db.pool, org, 'test', 'tracker.visited', {
      id: 'tracker_1',
      visitCount: 1,
    });
    await receiver.waitFor(1);
    const [inv] = (await invocations(key, webhook.id, 1)).data;
    assert.equal(inv.type, 'tracker.visited');
    assert.equal(inv.orderID, undefined);
    await receiver.close();
  });

  test('redirects are not followed: a 302 is a failed attempt', async () => {
    const { org, key, receiver, webhook } = await setup({}, (d) => (d.path === '/hook' ? 302 : 200));
    await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    await receiver.waitFor(2);
    const list = await invocations(key, webhook.id, 2);
    assert.ok(list.data.length >= 2);
    assert.ok(list.data.every((i: { statusCode: number }) => i.statusCode === 302));
    assert.ok(receiver.deliveries.every((d) => d.path === '/hook'));
    await receiver.close();
  });

  test('disabled webhooks and unsubscribed types get nothing', async () => {
    const { org, key, receiver } = await setup({ enabledEvents: ['letter.updated'] });
    const disabled = await server.request('POST', HOOKS, {
      key,
      json: {
        url: receiver.url('/disabled'),
        enabledEvents: ['letter.created', 'letter.updated'],
        enabled: false,
      },
    });
    assert.equal(disabled.status, 201);
    await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    await emitEvent(server.runtime.db.pool, org, 'test', 'postcard.updated', letter('postcard_1'));
    const marker = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.updated', letter());
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.deliveries.length, 1);
    assert.equal(receiver.deliveries[0].path, '/hook');
    assert.equal(receiver.deliveries[0].headers['postroom-event-id'], marker.id);
    await receiver.close();
  });

  test('organizations and modes are isolated', async () => {
    const { org, receiver } = await setup();
    await emitEvent(server.runtime.db.pool, org, 'live', 'letter.created', letter());
    await emitEvent(server.runtime.db.pool, `${org}-other`, 'test', 'letter.created', letter());
    const mine = await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(
      receiver.deliveries.map((d) => d.headers['postroom-event-id']),
      [mine.id],
    );
    await receiver.close();
  });

  test('events of one order arrive in the order they were recorded', async () => {
    const { org, receiver } = await setup({ payloadFormat: 'json' });
    const order = letter();
    const sent = [await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', order)];
    for (const status of ['printing', 'processed_for_delivery', 'completed'])
      sent.push(
        await emitEvent(server.runtime.db.pool, org, 'test', 'letter.updated', { ...order, status }, [
          'status',
        ]),
      );
    const got = await receiver.waitFor(4);
    assert.deepEqual(
      got.map((d) => JSON.parse(d.body).id),
      sent.map((e) => e.id),
    );
    await receiver.close();
  });

  test('deleting a webhook removes its invocations', async () => {
    const { org, key, receiver, webhook } = await setup();
    await emitEvent(server.runtime.db.pool, org, 'test', 'letter.created', letter());
    await receiver.waitFor(1);
    await invocations(key, webhook.id, 1);
    const del = await server.request('DELETE', `${HOOKS}/${webhook.id}`, { key });
    assert.equal(del.status, 200);
    const gone = await server.request('GET', `${HOOKS}/${webhook.id}/invocations`, { key });
    assert.equal(gone.status, 404);
    const count = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM webhook_invocations WHERE webhook_id = $1',
      [webhook.id],
    );
    assert.equal(count.rows[0].n, 0);
    await receiver.close();
  });
});
