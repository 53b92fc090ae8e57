import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { listBatches } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, pdfText, serveFiles } from '../helpers/letters.js';
import { boxInches, pageWords, twoPagePdf } from '../helpers/mailpieces.js';
import { orderContract } from '../helpers/order-contract.js';
import { badInputCases, multipartOf, waitForOrder } from '../helpers/orders.js';

const POSTCARDS = '/print-mail/v1/postcards';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'postcards-org' });
});
after(() => server.close());

const postcardBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  size: '6x4',
  frontHTML: '<div style="padding:0.5in;font-size:20pt">Front, code {{code}}</div>',
  backHTML: '<p style="margin:0.4in">Hi {{to.firstName}}</p>',
  mergeVariables: { code: 'Z-42' },
  ...extra,
});
const create = (json: unknown, k = key) => server.request('POST', POSTCARDS, { key: k, json });
const rendered = async (body: unknown) => {
  const res = await create(body);
  assert.equal(res.status, 201, res.text);
  const postcard = await waitForOrder(server, key, POSTCARDS, res.body.id);
  assert.ok(postcard.url, JSON.stringify(postcard.cancellation));
  return { postcard, pdf: await fetchPdf(postcard.url) };
};

orderContract(() => server, {
  object: 'postcard',
  path: POSTCARDS,
  table: 'postcards',
  htmlBody: () => postcardBody(),
  templateBody: async (template) => ({
    ...postcardBody({ frontHTML: undefined, backHTML: undefined }),
    frontTemplate: await template(postcardBody().frontHTML),
    backTemplate: await template('<p>Back of {{to.firstName}}</p>'),
  }),
  pdfBody: () => ({ to: alice, from: bob, size: '6x4' }),
  contentPdf: () => twoPagePdf(6.25, 4.25),
  // An image the server answers 404 for: a missing asset is bad content, not worth a retry.
  unprintable: () => postcardBody({ frontHTML: `<img src="${server.url}/nothing.png">` }),
  pages: { html: 2, pdf: 2 },
});

describe('postcards: create', () => {
  test('every field with its defaults; no sender is fine; express asks for the express class', async () => {
    const res = await create(
      postcardBody({ from: undefined, description: 'Spring', metadata: { wave: '1' } }),
    );
    assert.equal(res.status, 201, res.text);
    const p = res.body;
    assert.equal(p.object, 'postcard');
    assert.match(p.id, /^postcard_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(p.size, '6x4');
    assert.equal(p.from, undefined);
    assert.equal(p.to.firstName, 'Alice');
    assert.equal(p.frontHTML, postcardBody().frontHTML);
    assert.equal(p.mailingClass, 'first_class');
    assert.deepEqual([p.description, p.metadata], ['Spring', { wave: '1' }]);
    const express = await create(postcardBody({ express: true }));
    assert.equal(express.body.mailingClass, 'express');
    assert.equal(express.body.express, true);
    const carrier = await create(postcardBody({ mailingClass: 'usps_standard_class' }));
    assert.equal(carrier.body.mailingClass, 'us_post_standard_class');
  });

  test('form-encoded and multipart bodies with bracket keys', async () => {
    const form = await server.request('POST', POSTCARDS, {
      key,
      form: {
        'to[firstName]': 'Form',
        'to[addressLine1]': '3 Form St',
        'to[city]': 'Boston',
        'to[provinceOrState]': 'MA',
        'to[postalOrZip]': '02114',
        size: '9x6',
        frontHTML: '<p>{{greeting}}</p>',
        backTemplate: (await server.request('POST', '/print-mail/v1/templates', { key, json: { html: 'b' } }))
          .body.id,
        'mergeVariables[greeting]': 'hi',
      },
    });
    assert.equal(form.status, 201, form.text);
    assert.equal(form.body.size, '9x6');
    assert.match(form.body.backTemplate, /^template_/);
    const multipart = await server.request('POST', POSTCARDS, {
      key,
      multipart: multipartOf(postcardBody({ size: '11x6' })),
    });
    assert.equal(multipart.status, 201, multipart.text);
    assert.equal(multipart.body.size, '11x6');
  });
});

describe('postcards: bad input is a 400 naming the field, nothing created', () => {
  let files: Awaited<ReturnType<typeof serveFiles>>;
  before(async () => {
    files = await serveFiles({
      '/one.pdf': { body: await twoPagePdf(6.25, 4.25, 1), type: 'application/pdf' },
      '/three.pdf': { body: await twoPagePdf(6.25, 4.25, 3), type: 'application/pdf' },
      '/letter.pdf': { body: await twoPagePdf(8.5, 11), type: 'application/pdf' },
      '/big.pdf': { body: await twoPagePdf(9.25, 6.25), type: 'application/pdf' },
    });
  });
  after(() => files.close());
  badInputCases(() => server, POSTCARDS, postcardBody, [
    ['no size', { size: undefined }, /size/],
    ['unknown size', { size: '5x7' }, /size/],
    ['no content', { frontHTML: undefined, backHTML: undefined }, /^frontHTML is required/],
    ['one side only', { backHTML: undefined }, /^backHTML is required/],
    [
      'html and template for a side',
      { frontTemplate: 'template_1111111111111111111111' },
      /^frontHTML and frontTemplate/,
    ],
    [
      'pdf and sides',
      { pdf: 'https://example.com/a.pdf' },
      /^pdf cannot be combined with frontHTML, backHTML/,
    ],
    [
      'unknown template',
      { frontHTML: undefined, frontTemplate: 'template_1111111111111111111111' },
      /^frontTemplate /,
    ],
    ['missing merge variable', { mergeVariables: {} }, /^mergeVariables .*"code".*frontHTML/],
    ['broken html', { backHTML: '{{#if x}}' }, /^backHTML /],
    ['no recipient', { to: undefined }, /to/],
    ['express with a non-express class', { express: true, mailingClass: 'standard_class' }, /^express /],
  ]);
  test('a content PDF of the wrong page count or size names pdf', async () => {
    const k = await server.key({ org: 'postcards-bad' });
    const sides = { frontHTML: undefined, backHTML: undefined };
    for (const [file, why] of [
      ['one', /1 page.*needs 2 \(front, back\)/],
      ['three', /3 pages; the limit is 2/],
      ['letter', /page 1 is 8\.5 × 11 in; a 6x4 postcard needs 6\.25 × 4\.25 in/],
      ['big', /page 1 is 9\.25 × 6\.25 in/],
    ] as const) {
      const res = await create({ ...postcardBody(sides), pdf: `${files.url}/${file}.pdf` }, k);
      assert.equal(res.status, 400, `${file}: ${res.text}`);
      assert.match(res.body.error.message, /^pdf /);
      assert.match(res.body.error.message, why);
    }
    assert.equal((await server.request('GET', POSTCARDS, { key: k })).body.totalCount, 0);
  });
});

describe('postcards: print-ready PDFs', () => {
  const SIZES: Array<[string, number, number]> = [
    ['6x4', 6, 4],
    ['9x6', 9, 6],
    ['11x6', 11, 6],
  ];
  for (const [size, w, h] of SIZES) {
    test(`${size}: trim plus 0.125 in bleed, front then back, the address on the back where USPS reads it`, async () => {
      const { pdf } = await rendered(postcardBody({ size }));
      const doc = await PDFDocument.load(pdf);
      assert.equal(doc.getPageCount(), 2);
      for (const page of doc.getPages()) {
        assert.deepEqual(boxInches(page.getMediaBox()), [0, 0, w + 0.25, h + 0.25]);
        assert.deepEqual(boxInches(page.getBleedBox()), [0, 0, w + 0.25, h + 0.25]);
        assert.deepEqual(boxInches(page.getTrimBox()), [0.125, 0.125, w, h]);
      }
      assert.match(await pdfText(pdf), /Front, code Z-42/);
      const words = await pageWords(pdf, 2);
      const word = (text: string) => words.find((x) => x.text === text)!;
      // From the trim's bottom-left, in inches: USPS's OCR read area (the address no higher
      // than 2.75 in above the bottom edge, at least 0.625 in above it, 0.5 in from the sides).
      const fromBottom = (b: { y: number; height: number }) => h + 0.125 - (b.y + b.height) / 72;
      for (const text of ['ALICE', 'READER', 'RECIPIENT', '02114']) {
        const b = word(text);
        assert.ok(b, `${text} printed on the back`);
        assert.ok(fromBottom(b) >= 0.625, `${text} above the barcode clear zone`);
        assert.ok(fromBottom({ y: b.y, height: 0 }) <= 2.75, `${text} inside the OCR read area`);
        assert.ok(
          b.x / 72 - 0.125 >= 0.5 && (b.x + b.width) / 72 - 0.125 <= w - 0.5,
          `${text} within the sides`,
        );
      }
      // The return address at the top left of the ink-free zone (docs/rendering.md: the right
      // half of the back, 3.5 to 4.75 in wide), so the back's left is the customer's message.
      const areaLeft = w - Math.min(4.75, Math.max(3.5, w / 2));
      const sender = word('SENDER');
      assert.ok(sender.y / 72 - 0.125 >= 0.125 && sender.y / 72 < 1.25, 'return address at the top');
      const senderX = sender.x / 72 - 0.125;
      assert.ok(
        senderX >= areaLeft && senderX < areaLeft + 0.25,
        `return address at the zone's left: ${senderX}`,
      );
      for (const text of ['SENDER', 'ALICE', 'READER', 'RECIPIENT', '02114'])
        assert.ok(word(text).x / 72 - 0.125 >= areaLeft, `${text} inside the ink-free zone`);
    });
  }
});

test('live postcards are batched apart from letters, on cover stock, with their own manifest', async () => {
  const live = await server.key({ org: 'postcards-print', mode: 'live' });
  const made = [];
  for (const size of ['6x4', '6x4', '9x6']) {
    const res = await create(postcardBody({ size }), live);
    assert.equal(res.status, 201, res.text);
    made.push(await waitForOrder(server, live, POSTCARDS, res.body.id));
  }
  server.clock.advance(86_400_000 + 1000);
  await server.runtime.boss.send('advance-orders', {});
  for (const p of made) await waitForOrder(server, live, POSTCARDS, p.id, (x) => x.status === 'printing');
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  const manifestOf = (b: { manifestJsonKey: string }) =>
    JSON.parse(readFileSync(path.join(root, b.manifestJsonKey), 'utf8'));
  const ids = made.map((p) => p.id);
  // Batches holding these postcards (other tests' live orders print at the same time).
  const mine = async () =>
    (await listBatches(server.runtime.db.pool)).filter(
      (b) => b.orderKind === 'postcard' && manifestOf(b).orders.some((o: any) => ids.includes(o.orderId)),
    );
  const deadline = Date.now() + 20_000;
  let batches = await mine();
  // Count these postcards, not the batches' orders: another test's live postcards can share a batch.
  const batched = () =>
    batches.flatMap((b) => manifestOf(b).orders).filter((o: any) => ids.includes(o.orderId));
  while (batched().length < 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    batches = await mine();
  }
  assert.deepEqual(batches.map((b) => b.size).sort(), ['6x4', '9x6'], 'one batch per size');
  const small = batches.find((b) => b.size === '6x4')!;
  assert.equal(small.pageCount, small.orderCount * 2);
  assert.equal(small.color, true);
  assert.equal(small.doubleSided, true);
  const manifest = manifestOf(small);
  assert.deepEqual(manifest.setup, { stock: 'cover', fold: 'none', seal: 'none' });
  assert.equal(manifest.orders[0].fold, 'none');
  assert.match(manifest.orders[0].productionNotes, /postcard on cover stock/);
  const csv = readFileSync(path.join(root, small.manifestCsvKey), 'utf8');
  assert.match(
    csv.split('\r\n')[0],
    /^sequence,orderId,organization,firstPage,pageCount,mailingClass,stock,fold,/,
  );
});
