import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { listBatches } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { parseImbConfig } from '../../src/config/imb.js';
import { decodeImb } from '../../src/engines/render/index.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { readImbBars } from '../helpers/imb-readback.js';
import { fetchPdf, LETTERS, letterBody, waitForLetter } from '../helpers/letters.js';
import { orderBodies } from '../helpers/order-bodies.js';
import { waitForOrder } from '../helpers/orders.js';

let server: TestServer;
let live: string;
let testKey: string;
const imb = parseImbConfig({ POSTROOM_IMB_MAILER_ID: '123456' });

before(async () => {
  server = await startTestServer({ imb });
  live = await server.key({ org: 'imb-org', mode: 'live' });
  testKey = await server.key({ org: 'imb-org', mode: 'test' });
});
after(() => server.close());

const barcodeOf = async (id: string) =>
  (
    await server.runtime.db.pool.query(
      'SELECT tracking, routing, serial FROM imb_barcodes WHERE order_id = $1',
      [id],
    )
  ).rows[0];

async function create(path: string, key: string, body: Record<string, unknown>) {
  const res = await server.request('POST', path, { key, json: body });
  assert.equal(res.status, 201, res.text);
  return waitForOrder(server, key, path, res.body.id);
}

test('a live US letter carries its barcode above the address: read back from the PDF, it is the stored code', async () => {
  const letter = await create(LETTERS, live, letterBody());
  const stored = await barcodeOf(letter.id);
  // Barcode ID 00, First-Class Mail with IV MTR (310), the Mailer ID, a 9-digit serial; the ZIP.
  assert.match(stored.tracking, /^00310123456\d{9}$/);
  assert.equal(stored.routing, '02114');
  const pdf = await fetchPdf(letter.url);
  // The recipient block is 0.5 in from the left and 2 in from the top; the bars fill its top.
  const bars = await readImbBars(pdf, 1, { x: 0.52, y: 2.03, width: 3.1, height: 0.185 });
  assert.deepEqual(decodeImb(bars), { tracking: stored.tracking, routing: stored.routing });
  // The next piece gets the next serial.
  const next = await create(LETTERS, live, letterBody());
  assert.equal((await barcodeOf(next.id)).serial, stored.serial + 1);
});

test('a live postcard carries its barcode in the barcode clear zone of its address side', async () => {
  const postcard = await create('/print-mail/v1/postcards', live, orderBodies({ bankAccount: '' }).postcard!);
  const stored = await barcodeOf(postcard.id);
  assert.ok(stored, 'the postcard has a barcode');
  const pdf = await fetchPdf(postcard.url);
  // 6x4 with 1/8 in bleed: the first bar 4 in from the trim's right edge, 1/4 in above its bottom.
  const bars = await readImbBars(pdf, 2, { x: 2.05, y: 3.68, width: 3.15, height: 0.24 });
  assert.deepEqual(decodeImb(bars), { tracking: stored.tracking, routing: stored.routing });
});

test('test mode draws no barcode and uses no serial; a piece abroad gets none', async () => {
  const testLetter = await create(LETTERS, testKey, letterBody());
  assert.equal(await barcodeOf(testLetter.id), undefined);
  const abroad = await create(
    LETTERS,
    live,
    letterBody({
      to: {
        ...letterBody().to,
        city: 'Toronto',
        provinceOrState: 'ON',
        postalOrZip: 'M5V 2T6',
        countryCode: 'CA',
      },
    }),
  );
  assert.equal(await barcodeOf(abroad.id), undefined);
});

test("the print batch's manifest lists each piece's barcode", async () => {
  const letter = await create(LETTERS, live, letterBody({ color: true, description: 'manifest' }));
  const stored = await barcodeOf(letter.id);
  server.clock.advance(86_400_000 + 1000);
  await server.runtime.boss.send('advance-orders', {});
  await waitForLetter(server, live, letter.id, (l) => l.status === 'printing');
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  for (let i = 0; ; i++) {
    const batches = await listBatches(server.runtime.db.pool);
    const lines = batches.flatMap(
      (b) => JSON.parse(readFileSync(path.join(root, b.manifestJsonKey), 'utf8')).orders,
    );
    const line = lines.find((l: any) => l.orderId === letter.id);
    if (line) {
      assert.equal(line.imb, stored.tracking + stored.routing);
      assert.equal(line.trackingNumber, null);
      return;
    }
    assert.ok(i < 80, 'the letter reached a print batch');
    await new Promise((r) => setTimeout(r, 250));
  }
});
