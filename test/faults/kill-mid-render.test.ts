import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ORDER_KINDS } from '../../src/api/print-mail/orders/order-kinds.js';
import { freePort } from '../helpers/free-port.js';
import { startHeldAsset } from '../helpers/held-asset.js';
import { orderBodies, TEST_BANK_ACCOUNT } from '../helpers/order-bodies.js';
import {
  call,
  eventually,
  type PostroomProcess,
  startPostroom,
  type ThrowawayDatabase,
  throwawayDatabase,
} from '../helpers/postroom-process.js';
import { commandOf, descendants, stillRunning } from '../helpers/process-tree.js';
import { type StoppablePostgres, startStoppablePostgres } from '../helpers/stoppable-postgres.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// `postroom serve` and `postroom worker`, both rendering in their render children, are killed
// with SIGKILL while orders of every kind are mid-render (each kind has an order whose image
// host holds the render) and while every order's first webhook attempt has failed and its
// retry is pending. A new serve and worker then finish everything: nothing lost, nothing twice.
// Long enough that the kill comes first even on a loaded machine.
const RETRY_SEC = 40;
let cluster: StoppablePostgres;
let db: ThrowawayDatabase;
let env: Record<string, string>;
let base: string;
const processes: PostroomProcess[] = [];
before(async () => {
  // A cluster of its own: these processes' connections must not depend on what else the
  // machine's PostgreSQL is serving.
  cluster = await startStoppablePostgres();
  db = await throwawayDatabase(cluster.url);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: db.url,
    POSTROOM_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'postroom-kill-')),
    PORT: String(port),
    POSTROOM_PUBLIC_URL: base,
    POSTROOM_ALLOW_PRIVATE_URLS: 'true',
    POSTROOM_RATE_LIMIT: '0',
    // A killed process's renders run again after this (production: 180 s).
    POSTROOM_RENDER_JOB_EXPIRE: '15',
    POSTROOM_JOB_MAINTENANCE_INTERVAL: '3',
    POSTROOM_WEBHOOK_RETRY_DELAYS: String(RETRY_SEC),
    // Renders must not make way for this test's polling.
    POSTROOM_RENDER_YIELD_AT: '0',
  };
});
after(async () => {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) await p.stop();
  await db.drop();
  await cluster.destroy();
});

const start = async (command: 'serve' | 'worker') => {
  const p = await startPostroom(command, env);
  processes.push(p);
  return p;
};
const browsersOf = (p: PostroomProcess) =>
  descendants(p.pid).filter((pid) => commandOf(pid).includes('chromium'));

test('serve and worker killed mid-render and mid-webhook-retry: every order of every kind rendered once, every event delivered once', {
  timeout: 5 * 60_000,
}, async () => {
  const statuses = new Map<string, number[]>();
  const receiver = await startReceiver((d) => {
    const id = String(d.headers['postroom-event-id']);
    const answer = statuses.has(id) ? 200 : 500; // each event's first attempt fails
    statuses.set(id, [...(statuses.get(id) ?? []), answer]);
    return answer;
  });
  const held = await startHeldAsset();
  try {
    let serve = await start('serve');
    const key = await db.key({ org: 'kill' });
    const bank = await call(base, 'POST', '/print-mail/v1/bank_accounts', { key, json: TEST_BANK_ACCOUNT });
    assert.equal(bank.status, 201, JSON.stringify(bank.body));
    const hook = await call(base, 'POST', '/print-mail/v1/webhooks', {
      key,
      json: { url: receiver.url(), enabledEvents: ORDER_KINDS.map((k) => k.created) },
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    let worker = await start('worker');

    // Two orders of each kind: one whose image is held (it stays mid-render), one plain.
    const orders: Array<{ kind: (typeof ORDER_KINDS)[number]; id: string }> = [];
    for (const kind of ORDER_KINDS) {
      for (const extra of [`<img src="${held.url(kind.name)}">`, '']) {
        const body = orderBodies({ bankAccount: bank.body.id }, extra)[kind.name];
        assert.ok(body, `test/helpers/order-bodies.ts has a body for ${kind.name}`);
        const res = await call(base, 'POST', `/print-mail/v1${kind.paths[0]}`, { key, json: body });
        assert.equal(res.status, 201, `${kind.name}: ${JSON.stringify(res.body)}`);
        orders.push({ kind, id: res.body.id });
      }
    }
    const get = async (o: (typeof orders)[number]) =>
      (await call(base, 'GET', `/print-mail/v1${o.kind.paths[0]}/${o.id}`, { key })).body;
    const invocations = async () =>
      (await call(base, 'GET', `/print-mail/v1/webhooks/${hook.body.id}/invocations?limit=1`, { key })).body
        .totalCount as number;

    // Kill once renders wait on the held images and every first attempt is recorded (so no
    // delivery is in flight: a delivery cut between the receiver's answer and its record is
    // made again, which is at-least-once by design, docs/webhooks.md).
    await eventually('renders waiting on held images', async () => held.requests > 0, 180_000);
    await eventually(
      'every first webhook attempt recorded',
      async () => (await invocations()) >= orders.length,
    );
    // A render fetches its assets before it takes a tab: on a loaded machine every render may
    // still be fetching when the attempts are recorded, with no browser launched yet.
    const browsers = await eventually('Chromium rendering', async () => {
      const running = [...browsersOf(serve), ...browsersOf(worker)];
      return running.length > 0 && running;
    });
    assert.ok(browsers.length > 0, 'Chromium was rendering');
    const rendered = (await Promise.all(orders.map(get))).filter((o) => o.url).length;
    await Promise.all([serve.kill(), worker.kill()]);
    const orphans = await stillRunning(browsers, 30_000);
    for (const pid of orphans) process.kill(pid, 'SIGKILL'); // do not leak them into other tests
    assert.deepEqual(orphans, [], 'Chromium exits with the killed processes');
    assert.ok(rendered < orders.length, 'the kill came mid-render');
    const pendingRetries = [...statuses.values()].filter((s) => s.length === 1).length;
    assert.ok(pendingRetries > 0, 'retries were pending at the kill');

    held.release();
    serve = await start('serve');
    worker = await start('worker');
    for (const o of orders) {
      const done = await eventually(`${o.id} rendered`, async () => {
        const order = await get(o);
        return order.url || order.status === 'cancelled' ? order : undefined;
      });
      assert.ok(done.url, `${o.id}: ${JSON.stringify(done.cancellation)}`);
    }
    await eventually(
      'every retry delivered',
      async () => [...statuses.values()].filter((s) => s.includes(200)).length >= orders.length,
      2 * RETRY_SEC * 1000,
    );

    // Nothing twice: one PDF per order, one url event per order, one successful delivery per event.
    for (const kind of ORDER_KINDS) {
      const dir = path.join(env.POSTROOM_DATA_DIR, 'blobs', kind.table, 'test');
      const pdfs = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
      const ids = orders.filter((o) => o.kind === kind).map((o) => `${o.id}.pdf`);
      assert.deepEqual(pdfs.sort(), ids.sort(), kind.name);
    }
    const events = (await call(base, 'GET', '/print-mail/v1/events?limit=200', { key })).body.data;
    for (const o of orders) {
      const urlEvents = events.filter((e: any) => e.data.id === o.id && e.updatedFields?.includes('url'));
      assert.equal(urlEvents.length, 1, `${o.id}: one url event`);
    }
    assert.equal(statuses.size, orders.length, 'one event per order was delivered');
    for (const [id, answers] of statuses) assert.deepEqual(answers, [500, 200], id);
  } finally {
    await held.close();
    await receiver.close();
  }
});
