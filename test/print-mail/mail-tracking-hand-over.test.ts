import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { listBatches, type PrintBatch } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { parseImbConfig } from '../../src/config/imb.js';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { DashboardClient } from '../helpers/dashboard-client.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS } from '../helpers/letters.js';
import { mailedLetter } from '../helpers/mail-tracking.js';
import { waitForOrder } from '../helpers/orders.js';

// Tracking numbers given at hand-over (postroom print handed-over --tracking, the dashboard's
// form): recorded with the hand-over in one transaction, or, on a bad line, neither.
let server: TestServer;
let live: string;
const OPERATOR_TOKEN = 'operator-token-for-the-hand-over-tests-0123456789';

before(async () => {
  server = await startTestServer({
    imb: parseImbConfig({ POSTROOM_IMB_MAILER_ID: '123458' }),
    operatorToken: OPERATOR_TOKEN,
  });
  live = await server.key({ org: 'hand-over-org', mode: 'live' });
  cliOnServer(server);
});
after(() => server.close());

/** A 22-digit USPS number with its mod-10 check digit (weights 3, 1 from the right). */
function uspsNumber(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** A printing batch of `n` letters of one mailing class, and its manifest's rows. */
async function printingBatch(mailingClass: string, n: number) {
  for (let i = 0; i < n; i++) await mailedLetter(server, live, { mailingClass });
  server.clock.advance(86_400_000 + 1000);
  await server.runtime.boss.send('advance-orders', {});
  let batch: PrintBatch | undefined;
  for (let i = 0; i < 120 && !batch; i++) {
    batch = (await listBatches(server.runtime.db.pool)).find(
      (b) => b.mailingClass === mailingClass && b.orderCount === n && b.status !== 'handed_over',
    );
    if (!batch) await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(batch, `a ${mailingClass} batch`);
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  const rows: Record<string, string>[] = parse(readFileSync(path.join(root, batch.manifestCsvKey)), {
    columns: true,
  });
  return { batch, rows };
}

/** The manifest as the shop hands it back, its trackingNumber column filled with `numbers`. */
function filled(rows: Record<string, string>[], numbers: string[]): string {
  const header = Object.keys(rows[0]);
  return [
    header.join(','),
    ...rows.map((r, i) =>
      header.map((c) => JSON.stringify(c === 'trackingNumber' ? numbers[i] : (r[c] ?? ''))).join(','),
    ),
  ].join('\n');
}

const state = async (id: string) => {
  const o = await waitForOrder(server, live, LETTERS, id);
  return [o.status, o.trackingNumber];
};
const batchStatus = async (id: string) =>
  (await server.runtime.db.pool.query('SELECT status FROM print_batches WHERE id = $1', [id])).rows[0].status;

test('the CLI: a bad line hands nothing over and records nothing; a good file does both, one event each', async () => {
  const { batch, rows } = await printingBatch('certified', 2);
  const file = path.join(server.runtime.config.dataDir, 'hand-over.csv');
  const good = [uspsNumber('920559000000000000056'), uspsNumber('920559000000000000078')];
  writeFileSync(file, filled(rows, [good[0], `${good[1].slice(0, -1)}${(Number(good[1].at(-1)) + 1) % 10}`]));
  const refused = await postroomHere('print', 'handed-over', batch.id, '--tracking', file);
  assert.equal(refused.code, 1);
  assert.match(
    refused.err,
    /1 bad line, nothing recorded:\nline 3: letter_\w+: "\d{22}" is not a USPS number/,
  );
  assert.equal(await batchStatus(batch.id), 'ready_for_print');
  for (const r of rows) assert.deepEqual(await state(r.orderId), ['printing', null]);

  writeFileSync(file, filled(rows, good));
  const done = await postroomHere('print', 'handed-over', batch.id, '--tracking', file);
  assert.equal(done.code, 0, done.err);
  assert.match(done.out, /2 orders are now processed_for_delivery, 2 tracking numbers recorded/);
  assert.equal(await batchStatus(batch.id), 'handed_over');
  for (const [i, r] of rows.entries())
    assert.deepEqual(await state(r.orderId), ['processed_for_delivery', good[i]]);
  const events = (await server.request('GET', '/print-mail/v1/events?limit=100', { key: live })).body.data;
  const handOff = events.filter(
    (e: any) => e.data.id === rows[0].orderId && e.updatedFields?.includes('trackingNumber'),
  );
  assert.equal(handOff.length, 1);
  assert.deepEqual(handOff[0].updatedFields, ['status', 'trackingNumber']);
  assert.equal(handOff[0].data.trackingNumber, good[0]);
});

test('the dashboard: the hand-over form takes the filled manifest; a bad one changes nothing', async () => {
  const { batch, rows } = await printingBatch('express', 1);
  const operator = new DashboardClient(server);
  await operator.signIn(OPERATOR_TOKEN);
  const page = await operator.get('/dashboard/print-batches');
  assert.match(page.text, new RegExp(`print-batches/${batch.id}/handed-over" enctype="multipart/form-data"`));
  const send = (csv: string) => {
    const form = new FormData();
    form.set('_csrf', operator.csrf);
    form.set('tracking', new Blob([csv], { type: 'text/csv' }), 'manifest.csv');
    return fetch(`${server.url}/dashboard/print-batches/${batch.id}/handed-over`, {
      method: 'POST',
      headers: { cookie: operator.cookieHeader() },
      body: form,
      redirect: 'manual',
    });
  };
  const bad = await send(filled(rows, ['EA123456784US']));
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /line 2: letter_\w+: &quot;EA123456784US&quot; is not a USPS number/);
  assert.equal(await batchStatus(batch.id), 'ready_for_print');
  assert.deepEqual(await state(rows[0].orderId), ['printing', null]);

  const ok = await send(filled(rows, ['EA123456785US']));
  assert.equal(ok.status, 303, await ok.text());
  assert.equal(await batchStatus(batch.id), 'handed_over');
  assert.deepEqual(await state(rows[0].orderId), ['processed_for_delivery', 'EA123456785US']);
});
