import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ORDER_KINDS } from '../../src/api/print-mail/orders/order-kinds.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { type CountingListener, networkVectors, startCountingListener } from '../helpers/network-vectors.js';
import { orderBodies, TEST_BANK_ACCOUNT } from '../helpers/order-bodies.js';
import { waitForOrder } from '../helpers/orders.js';

// Orders of every kind whose HTML carries every vector the server does not fetch itself (those
// it does fetch are refused on a loopback address before any print): each renders, and the
// loopback listener the vectors point at sees no connection, from Chromium or anyone.
let server: TestServer;
let key: string;
let listener: CountingListener;
before(async () => {
  listener = await startCountingListener();
  server = await startTestServer({ allowPrivateUrls: false });
  key = await server.key({ org: 'no-network' });
});
after(async () => {
  await server.close();
  await listener.close();
});

test('no order of any kind reaches the network from its HTML', async () => {
  const vectors = networkVectors(listener.port)
    .filter((v) => !v.fetchedByServer)
    .map((v) => v.html)
    .join('');
  const bank = await server.request('POST', '/print-mail/v1/bank_accounts', { key, json: TEST_BANK_ACCOUNT });
  assert.equal(bank.status, 201, bank.text);
  const bodies = orderBodies({ bankAccount: bank.body.id }, vectors);
  const cardSides = { frontHTML: `<p>card front</p>${vectors}`, backHTML: `<p>card back</p>${vectors}` };
  const orders: Array<{ path: string; id: string; name: string }> = [];
  const create = async (name: string, path: string, body: Record<string, unknown>) => {
    const res = await server.request('POST', `/print-mail/v1${path}`, { key, json: body });
    assert.equal(res.status, 201, `${name}: ${res.text}`);
    orders.push({ path: `/print-mail/v1${path}`, id: res.body.id, name });
  };
  for (const kind of ORDER_KINDS) {
    const body = bodies[kind.name];
    assert.ok(body, `test/helpers/order-bodies.ts has a body for ${kind.name}`);
    await create(kind.name, kind.paths[0], body);
  }
  await create('letter with a plastic card', '/letters', {
    ...bodies.letter,
    plasticCard: { size: 'standard', doubleSided: cardSides },
  });
  for (const order of orders) {
    const done = await waitForOrder(server, key, order.path, order.id, undefined, 120_000);
    assert.ok(done.url, `${order.name} rendered: ${JSON.stringify(done.cancellation)}`);
  }
  assert.equal(listener.connections(), 0, `connections; requests: ${listener.requests().join(' ')}`);
  assert.deepEqual(listener.requests(), []);
});
