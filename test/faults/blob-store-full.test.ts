import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, LETTERS, letterBody } from '../helpers/letters.js';
import { waitForOrder } from '../helpers/orders.js';
import { eventually } from '../helpers/postroom-process.js';
import { filesUnder, mountTinyDisk } from '../helpers/tiny-disk.js';

// The local blob store's disk fills up: renders fail without leaving anything behind, the
// orders wait (never cancelled for it), and once there is room again every one is rendered, once.
const POSTCARDS = '/print-mail/v1/postcards';
let server: TestServer;
let disk: ReturnType<typeof mountTinyDisk>;
let blobs: string;
before(async () => {
  server = await startTestServer();
  blobs = path.join(server.runtime.config.dataDir, 'blobs');
  disk = mountTinyDisk(blobs);
});
after(async () => {
  disk?.unmount();
  await server.close();
});

test('a full blob store: renders fail cleanly and wait, and all render once there is room', {
  timeout: 4 * 60_000,
}, async () => {
  const key = await server.key({ org: 'full-disk' });
  disk.fill();
  const orders: Array<{ path: string; id: string }> = [];
  for (let i = 0; i < 3; i++) {
    const res = await server.request('POST', LETTERS, { key, json: letterBody() });
    assert.equal(res.status, 201, res.text);
    orders.push({ path: LETTERS, id: res.body.id });
  }
  const postcard = await server.request('POST', POSTCARDS, {
    key,
    json: { to: alice, from: bob, size: '6x4', frontHTML: '<p>Front</p>', backHTML: '<p>Back</p>' },
  });
  assert.equal(postcard.status, 201, postcard.text);
  orders.push({ path: POSTCARDS, id: postcard.body.id });

  // Each render met the full disk and was queued again for later, not retried to its end.
  const requeued = async () =>
    (
      await server.runtime.db.pool.query(
        `SELECT DISTINCT data->>'id' AS id FROM ${server.schema}_pgboss.job
         WHERE name = 'render-order' AND data ? 'storageFull'`,
      )
    ).rows.map((r) => r.id as string);
  await eventually(
    'every render to meet the full disk',
    async () => (await requeued()).length === orders.length,
  );
  for (const o of orders) {
    const order = (await server.request('GET', `${o.path}/${o.id}`, { key })).body;
    assert.equal(order.status, 'ready', o.id);
    assert.equal(order.url, undefined, o.id);
  }
  assert.deepEqual(filesUnder(blobs), ['filler'], 'no partial PDF or temp file left behind');
  assert.equal((await server.request('GET', LETTERS, { key })).status, 200, 'the API still answers');

  rmSync(path.join(blobs, 'filler'));
  for (const o of orders)
    assert.ok((await waitForOrder(server, key, o.path, o.id, undefined, 120_000)).url, o.id);
  assert.deepEqual(
    filesUnder(blobs).filter((f) => f.endsWith('.pdf')),
    orders.map((o) => `${o.path === LETTERS ? 'letters' : 'postcards'}/test/${o.id}.pdf`).sort(),
  );
  const events = (await server.request('GET', '/print-mail/v1/events?limit=100', { key })).body.data;
  for (const o of orders)
    assert.equal(events.filter((e: any) => e.data.id === o.id && e.updatedFields?.includes('url')).length, 1);
});
