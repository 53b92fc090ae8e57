import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { listBatches } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { checkTrackingNumber } from '../../src/api/print-mail/tracking/tracking-numbers.js';
import { parseImbConfig } from '../../src/config/imb.js';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { DashboardClient } from '../helpers/dashboard-client.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';
import { waitForOrder } from '../helpers/orders.js';

let server: TestServer;
let live: string;

before(async () => {
  server = await startTestServer({ imb: parseImbConfig({ POSTROOM_IMB_MAILER_ID: '123456' }) });
  live = await server.key({ org: 'tracking-numbers-org', mode: 'live' });
  cliOnServer(server);
});
after(() => server.close());

/** A 22-digit USPS number with its mod-10 check digit (weights 3, 1 from the right). */
function uspsNumber(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

test('formats per mailing class: USPS check digits, S10 article numbers, courier numbers', () => {
  const good = uspsNumber('920559000000000000012');
  assert.deepEqual(checkTrackingNumber('certified', good.replace(/(\d{4})/g, '$1 ')), {
    ok: true,
    number: good,
  });
  assert.equal(
    checkTrackingNumber('certified', good.slice(0, -1) + ((Number(good.at(-1)) + 1) % 10)).ok,
    false,
  );
  // UPU S10's published example, as a registered article.
  assert.equal(checkTrackingNumber('registered', 'RA123456785US').ok, true);
  assert.equal(checkTrackingNumber('registered', 'RA123456784US').ok, false);
  assert.equal(checkTrackingNumber('courier_express_overnight', '1Z999AA10123456784').ok, true);
  assert.equal(checkTrackingNumber('us_post_first_class_certified', '1Z999AA10123456784').ok, false);
  assert.match(
    (checkTrackingNumber('first_class', good) as { why: string }).why,
    /first_class pieces carry no tracking number/,
  );
});

test('the shop fills the manifest: numbers recorded with their events; a bad line records nothing', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await server.request('POST', LETTERS, {
      key: live,
      json: letterBody({ mailingClass: 'certified' }),
    });
    assert.equal(res.status, 201, res.text);
    ids.push((await waitForOrder(server, live, LETTERS, res.body.id)).id);
  }
  server.clock.advance(86_400_000 + 1000);
  await server.runtime.boss.send('advance-orders', {});
  let batch: Awaited<ReturnType<typeof listBatches>>[number] | undefined;
  for (let i = 0; i < 120 && !batch; i++) {
    batch = (await listBatches(server.runtime.db.pool)).find(
      (b) => b.mailingClass === 'certified' && b.orderCount === 2,
    );
    if (!batch) await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(batch, 'a certified batch');
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  const rows: Record<string, string>[] = parse(readFileSync(path.join(root, batch.manifestCsvKey)), {
    columns: true,
  });
  assert.ok(
    rows.every((r) => 'trackingNumber' in r && r.imb.startsWith('00310123456')),
    'the columns to fill',
  );
  const csv = (numbers: string[], header = Object.keys(rows[0])) =>
    [
      header.join(','),
      ...rows.map((r, i) =>
        header.map((c) => JSON.stringify(c === 'trackingNumber' ? numbers[i] : (r[c] ?? ''))).join(','),
      ),
    ].join('\n');
  const file = path.join(server.runtime.config.dataDir, 'filled.csv');
  const good = uspsNumber('920559000000000000034');

  writeFileSync(file, csv([good, '9205 5900 0000 0000 0000 11']));
  const refused = await postroomHere('print', 'tracking', batch.id, file);
  assert.equal(refused.code, 1);
  assert.match(
    refused.err,
    /1 bad line, nothing recorded:\nline 3: letter_\w+: "9205 5900 0000 0000 0000 11" is not a USPS number/,
  );
  for (const id of ids) assert.equal((await waitForOrder(server, live, LETTERS, id)).trackingNumber, null);

  writeFileSync(file, csv([good, good], ['orderId', 'imb']));
  assert.match(
    (await postroomHere('print', 'tracking', batch.id, file)).err,
    /line 1: the header must have the manifest's orderId and trackingNumber/,
  );

  writeFileSync(file, csv([good, '']));
  const done = await postroomHere('print', 'tracking', batch.id, file);
  assert.equal(done.code, 0, done.err);
  const numbered = await waitForOrder(server, live, LETTERS, rows[0].orderId);
  assert.equal(numbered.trackingNumber, good);
  assert.equal((await waitForOrder(server, live, LETTERS, rows[1].orderId)).trackingNumber, null);
  const events = (await server.request('GET', '/print-mail/v1/events?limit=100', { key: live })).body.data;
  const event = events.find(
    (e: any) => e.data.id === rows[0].orderId && e.updatedFields?.includes('trackingNumber'),
  );
  assert.deepEqual(event.updatedFields, ['trackingNumber']);

  // The dashboard's order page: the barcode's digits, its scans, the tracking number.
  const { rows: barcode } = await server.runtime.db.pool.query(
    'SELECT tracking, routing FROM imb_barcodes WHERE order_id = $1',
    [rows[0].orderId],
  );
  const b = barcode[0];
  await server.runtime.db.pool.query(
    `INSERT INTO imb_scans (order_id, scanned_at, event_code, operation_code, facility_zip, status, detail, imported_at)
     VALUES ($1, now(), '10', '271', '12207', 'entered_mail_stream', '{"scanFacilityName":"ALBANY NY P&DC"}', now())`,
    [rows[0].orderId],
  );
  const client = new DashboardClient(server);
  await client.signIn(live);
  const page = await client.get(`/dashboard/orders/${rows[0].orderId}`);
  assert.equal(page.status, 200);
  assert.match(page.text, /<h2 id="tracking-h">Mail tracking<\/h2>/);
  assert.ok(
    page.text.includes(
      `<code>${b.tracking.slice(0, 2)} ${b.tracking.slice(2, 5)} ${b.tracking.slice(5)} ${b.routing}</code>`,
    ),
  );
  assert.ok(page.text.includes(`<code>${good}</code>`));
  assert.match(page.text, /<strong>entered mail stream<\/strong>\s*at ALBANY NY P&amp;DC 12207/);
});
