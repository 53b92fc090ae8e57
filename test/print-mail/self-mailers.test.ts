import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { listBatches } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, pdfText } from '../helpers/letters.js';
import { boxInches, pageWords, twoPagePdf } from '../helpers/mailpieces.js';
import { orderContract } from '../helpers/order-contract.js';
import { badInputCases, waitForOrder } from '../helpers/orders.js';

const SELF_MAILERS = '/print-mail/v1/self_mailers';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'self-mailers-org' });
});
after(() => server.close());

const selfMailerBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  size: '8.5x11_trifold',
  insideHTML: '<div style="padding:1in;font-size:18pt">Inside, code {{code}}</div>',
  outsideHTML: '<p style="margin:0.5in">Outside for {{to.firstName}}</p>',
  mergeVariables: { code: 'Z-42' },
  ...extra,
});
const create = (json: unknown, k = key, at = SELF_MAILERS) => server.request('POST', at, { key: k, json });

orderContract(() => server, {
  object: 'self_mailer',
  path: SELF_MAILERS,
  table: 'self_mailers',
  htmlBody: () => selfMailerBody(),
  templateBody: async (template) => ({
    ...selfMailerBody({ insideHTML: undefined, outsideHTML: undefined }),
    insideTemplate: await template(selfMailerBody().insideHTML),
    outsideTemplate: await template('<p>Outside of {{to.firstName}}</p>'),
  }),
  pdfBody: () => ({ to: alice, from: bob, size: '8.5x11_bifold' }),
  // Trim size (no bleed): placed centred on the bleed page.
  contentPdf: () => twoPagePdf(8.5, 11),
  // An image the server answers 404 for: a missing asset is bad content, not worth a retry.
  unprintable: () => selfMailerBody({ outsideHTML: `<img src="${server.url}/nothing.png">` }),
  pages: { html: 2, pdf: 2 },
});

describe('self mailers: create', () => {
  test('also served at /self-mailers; a sender is required', async () => {
    const res = await create(selfMailerBody({ size: '9.5x16_trifold' }), key, '/print-mail/v1/self-mailers');
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.object, 'self_mailer');
    assert.match(res.body.id, /^self_mailer_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(res.body.insideHTML, selfMailerBody().insideHTML);
    const got = await server.request('GET', `${SELF_MAILERS}/${res.body.id}`, { key });
    assert.deepEqual(got.body, res.body);
    const viaDash = await server.request('GET', `/print-mail/v1/self-mailers/${res.body.id}`, { key });
    assert.equal(viaDash.body.id, res.body.id);
    const noSender = await create(selfMailerBody({ from: undefined }));
    assert.equal(noSender.status, 400);
    assert.match(noSender.body.error.message, /from/);
  });

  badInputCases(() => server, SELF_MAILERS, selfMailerBody, [
    ['unknown size', { size: '6x18_bifold' }, /size/],
    ['no content', { insideHTML: undefined, outsideHTML: undefined }, /^insideHTML is required/],
    ['outside missing', { outsideHTML: undefined }, /^outsideHTML is required/],
    [
      'unknown template',
      { insideHTML: undefined, insideTemplate: 'template_1111111111111111111111' },
      /^insideTemplate /,
    ],
    ['missing merge variable', { mergeVariables: {} }, /^mergeVariables .*"code".*insideHTML/],
  ]);
});

describe('self mailers: print-ready flat sheets, the address where the fold puts the mailing face', () => {
  // Flat sheet (inches) and the address panel's top and bottom on the outside page.
  const SIZES: Array<[string, number, number, number, number]> = [
    ['8.5x11_bifold', 8.5, 11, 0, 5.5],
    ['8.5x11_trifold', 8.5, 11, 11 / 3, 22 / 3],
    ['9.5x16_trifold', 9.5, 16, 16 / 3, 32 / 3],
  ];
  for (const [size, w, h, panelTop, panelBottom] of SIZES) {
    test(size, async () => {
      const res = await create(selfMailerBody({ size }));
      assert.equal(res.status, 201, res.text);
      const order = await waitForOrder(server, key, SELF_MAILERS, res.body.id);
      assert.ok(order.url, JSON.stringify(order.cancellation));
      const pdf = await fetchPdf(order.url);
      const doc = await PDFDocument.load(pdf);
      assert.equal(doc.getPageCount(), 2);
      for (const page of doc.getPages()) {
        assert.deepEqual(boxInches(page.getMediaBox()), [0, 0, w + 0.25, h + 0.25]);
        assert.deepEqual(boxInches(page.getTrimBox()), [0.125, 0.125, w, h]);
      }
      assert.match(await pdfText(pdf), /Inside, code Z-42/);
      const words = await pageWords(pdf, 2);
      for (const text of ['ALICE', 'RECIPIENT', '02114', 'SENDER']) {
        const b = words.find((x) => x.text === text);
        assert.ok(b, `${text} on the outside`);
        const top = b.y / 72 - 0.125;
        const bottom = (b.y + b.height) / 72 - 0.125;
        assert.ok(
          top >= panelTop + 0.125 && bottom <= panelBottom - 0.125,
          `${text} inside the mailing panel`,
        );
        if (text !== 'SENDER') {
          assert.ok(panelBottom - bottom >= 0.625, `${text} above the barcode clear zone`);
          assert.ok(panelBottom - top <= 2.75, `${text} in the OCR read area`);
        }
      }
    });
  }
});

test('live self mailers are batched per size on text stock, with fold and seal instructions', async () => {
  const live = await server.key({ org: 'self-mailers-print', mode: 'live' });
  const res = await create(selfMailerBody(), live);
  assert.equal(res.status, 201, res.text);
  await waitForOrder(server, live, SELF_MAILERS, res.body.id);
  server.clock.advance(86_400_000 + 1000);
  await server.runtime.boss.send('advance-orders', {});
  await waitForOrder(server, live, SELF_MAILERS, res.body.id, (x) => x.status === 'printing');
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  const manifestOf = (b: { manifestJsonKey: string }) =>
    JSON.parse(readFileSync(path.join(root, b.manifestJsonKey), 'utf8'));
  const deadline = Date.now() + 20_000;
  let batch: Awaited<ReturnType<typeof listBatches>>[number] | undefined;
  while (!batch && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    batch = (await listBatches(server.runtime.db.pool)).find((b) =>
      manifestOf(b).orders.some((o: any) => o.orderId === res.body.id),
    );
  }
  assert.ok(batch, 'batched');
  assert.deepEqual(
    [batch.orderKind, batch.size, batch.color, batch.doubleSided],
    ['self_mailer', '8.5x11_trifold', true, true],
  );
  const manifest = manifestOf(batch);
  assert.deepEqual(manifest.setup, { stock: 'text', fold: 'trifold', seal: 'wafer_seals_on_open_edge' });
  const line = manifest.orders.find((o: any) => o.orderId === res.body.id);
  assert.equal(line.foldsFromTopIn, '3.667 7.333');
  assert.equal(line.finishedSize, '8.5x3.667 in');
  assert.match(line.productionNotes, /wafer seals on the open \(top\) edge/);
});
