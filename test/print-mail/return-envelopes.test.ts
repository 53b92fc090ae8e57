import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, LETTERS, letterBody } from '../helpers/letters.js';
import { availableEnvelope, RETURN_ENVELOPES } from '../helpers/return-envelopes.js';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'envelopes-org' });
});
after(() => server.close());

const replies = (name: string) => ({ ...bob, companyName: name });
const envelopeOf = async (id: string, k = key) =>
  (await server.request('GET', `${RETURN_ENVELOPES}/${id}`, { key: k })).body;
const ordersOf = (id: string) => `${RETURN_ENVELOPES}/${id}/orders`;

let contractN = 0;
resourceContract(() => server, {
  object: 'return_envelope',
  path: RETURN_ENVELOPES,
  idPrefix: 'return_envelope',
  product: 'print-mail',
  deletion: false,
  async create(s, k) {
    const res = await s.request('POST', RETURN_ENVELOPES, {
      key: k,
      json: { to: replies(`Contract ${contractN++}`) },
    });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('return envelopes', () => {
  test('one per contact: the contact copied in, available 0; a second for the same contact is 422', async () => {
    const res = await server.request('POST', RETURN_ENVELOPES, {
      key,
      json: { to: replies('Replies A'), description: 'Reply mail', metadata: { dept: 'billing' } },
    });
    assert.equal(res.status, 201, res.text);
    const e = res.body;
    assert.match(e.id, /^return_envelope_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(e.available, 0);
    assert.match(e.to.id, /^contact_/);
    assert.equal(e.to.companyName, 'Replies A');
    for (const field of ['object', 'live', 'createdAt', 'updatedAt'])
      assert.equal(e.to[field], undefined, field);
    for (const to of [replies('Replies A'), e.to.id]) {
      const again = await server.request('POST', RETURN_ENVELOPES, { key, json: { to } });
      assert.equal(again.status, 422, again.text);
      assert.equal(again.body.error.type, 'return_envelope_already_exists_error');
    }
    const other = await server.key({ org: 'envelopes-other' });
    const elsewhere = await server.request('POST', RETURN_ENVELOPES, {
      key: other,
      json: { to: replies('Replies A') },
    });
    assert.equal(elsewhere.status, 201, 'another organization has its own');
    const noDelete = await server.request('DELETE', `${RETURN_ENVELOPES}/${e.id}`, { key });
    assert.equal(noDelete.status, 404);
  });

  test('orders: placed, listed under their envelope, expanded, cancelled or filled (test mode), with events', async () => {
    const e = (await server.request('POST', RETURN_ENVELOPES, { key, json: { to: replies('Replies B') } }))
      .body;
    const small = await server.request('POST', ordersOf(e.id), { key, json: { quantityOrdered: 4999 } });
    assert.equal(small.status, 400);
    assert.match(small.body.error.message, /quantityOrdered/);
    const a = await server.request('POST', ordersOf(e.id), {
      key,
      json: { quantityOrdered: 5000, description: 'first' },
    });
    assert.equal(a.status, 201, a.text);
    assert.deepEqual(
      [a.body.object, a.body.status, a.body.returnEnvelope, a.body.quantityFilled],
      ['return_envelope_order', 'placed', e.id, undefined],
    );
    const b = (await server.request('POST', ordersOf(e.id), { key, json: { quantityOrdered: 6000 } })).body;
    const list = await server.request('GET', ordersOf(e.id), { key });
    assert.deepEqual(
      list.body.data.map((o: { id: string }) => o.id),
      [b.id, a.body.id],
    );
    const expanded = await server.request('GET', `${ordersOf(e.id)}/${a.body.id}?expand[]=returnEnvelope`, {
      key,
    });
    assert.equal(expanded.body.returnEnvelope.id, e.id);
    assert.equal(expanded.body.returnEnvelope.object, 'return_envelope');

    const cancelled = await server.request('DELETE', `${ordersOf(e.id)}/${b.id}`, { key });
    assert.equal(cancelled.body.status, 'cancelled');
    const twice = await server.request('DELETE', `${ordersOf(e.id)}/${b.id}`, { key });
    assert.equal(twice.status, 422);
    const fillCancelled = await server.request('POST', `${ordersOf(e.id)}/${b.id}/fills`, { key });
    assert.equal(fillCancelled.status, 422);
    assert.equal(fillCancelled.body.error.type, 'return_envelope_order_cannot_fill_error');

    const filled = await server.request('POST', `${ordersOf(e.id)}/${a.body.id}/fills`, { key });
    assert.equal(filled.status, 200, filled.text);
    assert.deepEqual([filled.body.status, filled.body.quantityFilled], ['filled', 5000]);
    assert.equal((await envelopeOf(e.id)).available, 5000);
    const refill = await server.request('POST', `${ordersOf(e.id)}/${a.body.id}/fills`, { key });
    assert.equal(refill.status, 422);
    const late = await server.request('DELETE', `${ordersOf(e.id)}/${a.body.id}`, { key });
    assert.equal(late.status, 422);

    const events = await server.request('GET', '/print-mail/v1/events?limit=50', { key });
    const mine = events.body.data.filter((ev: any) => ev.data.id === a.body.id).reverse();
    assert.deepEqual(
      mine.map((ev: any) => [ev.type, ev.data.status]),
      [
        ['return_envelope_order.created', 'placed'],
        ['return_envelope_order.updated', 'filled'],
      ],
    );
    const otherEnvelope = `${e.id.slice(0, -1)}${e.id.endsWith('x') ? 'y' : 'x'}`;
    const wrongEnvelope = await server.request('GET', `${ordersOf(otherEnvelope)}/${a.body.id}`, { key });
    assert.equal(wrongEnvelope.status, 404);
  });

  test('a fill in live mode is refused', async () => {
    const live = await server.key({ org: 'envelopes-org', mode: 'live' });
    const e = (
      await server.request('POST', RETURN_ENVELOPES, { key: live, json: { to: replies('Live Replies') } })
    ).body;
    const order = (
      await server.request('POST', ordersOf(e.id), { key: live, json: { quantityOrdered: 5000 } })
    ).body;
    const fill = await server.request('POST', `${ordersOf(e.id)}/${order.id}/fills`, { key: live });
    assert.equal(fill.status, 422);
    assert.match(fill.body.error.message, /test key/);
    assert.equal((await envelopeOf(e.id, live)).available, 0);
  });
});

describe('letters carrying a return envelope', () => {
  test('each letter takes one; a cancelled letter gives it back; unknown or empty envelopes are refused', async () => {
    const { id } = await availableEnvelope(server, key, replies('Replies C'));
    const letter = await server.request('POST', LETTERS, { key, json: letterBody({ returnEnvelope: id }) });
    assert.equal(letter.status, 201, letter.text);
    assert.equal((await envelopeOf(id)).available, 4999);
    await server.request('DELETE', `${LETTERS}/${letter.body.id}`, { key });
    assert.equal((await envelopeOf(id)).available, 5000, 'the cancelled letter never used its envelope');

    const unknown = await server.request('POST', LETTERS, {
      key,
      json: letterBody({ returnEnvelope: 'return_envelope_1111111111111111111111' }),
    });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /^returnEnvelope refers to return envelope/);
    const other = await server.key({ org: 'envelopes-elsewhere' });
    const notTheirs = await server.request('POST', LETTERS, {
      key: other,
      json: letterBody({ returnEnvelope: id }),
    });
    assert.equal(notTheirs.status, 400, 'another organization cannot use it');
    const empty = (await server.request('POST', RETURN_ENVELOPES, { key, json: { to: replies('Empty') } }))
      .body;
    const none = await server.request('POST', LETTERS, {
      key,
      json: letterBody({ returnEnvelope: empty.id }),
    });
    assert.equal(none.status, 422);
    assert.equal(none.body.error.type, 'return_envelope_unavailable_error');
  });

  test('concurrent letters on the last envelopes: exactly as many win as there are, never below 0', async () => {
    const { id } = await availableEnvelope(server, key, replies('Replies D'));
    // As if all but three had gone out: thousands of letters would take too long here.
    await server.runtime.db.pool.query(
      `UPDATE return_envelopes SET doc = jsonb_set(doc, '{available}', '3') WHERE id = $1`,
      [id],
    );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.request('POST', LETTERS, {
          key,
          json: letterBody({ to: { ...alice, firstName: `Racer${i}` }, returnEnvelope: id }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [...Array(3).fill(201), ...Array(9).fill(422)], JSON.stringify(statuses));
    for (const r of results.filter((x) => x.status === 422))
      assert.equal(r.body.error.type, 'return_envelope_unavailable_error');
    assert.equal((await envelopeOf(id)).available, 0);
    const letters = await server.request(
      'GET',
      `${LETTERS}?search=${encodeURIComponent(JSON.stringify({ returnEnvelope: id }))}`,
      { key },
    );
    assert.equal(letters.body.totalCount, 3, 'no letter half-written');
  });
});
