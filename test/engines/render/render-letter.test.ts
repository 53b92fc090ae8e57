import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { RenderInputError } from '../../../src/engines/render/errors.js';
import { type LetterRenderInput, renderLetter } from '../../../src/engines/render/index.js';
import { buildMergeContext } from '../../../src/engines/render/merge/merge-context.js';
import { mergeHtml } from '../../../src/engines/render/merge/merge-html.js';
import { ADDRESS_LAYOUTS } from '../../../src/engines/render/pdf/address-zones.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { A4, from, LETTER, makePdf, pageSizes, pageText, to, zonePixels } from './pdf-helpers.js';

const zones = ADDRESS_LAYOUTS.us_letter;
const body = (text: string) =>
  `<html><body style="margin:0"><div style="padding:4in 1in 0">${text}</div></body></html>`;

let pool: BrowserPool;
let server: Server;
let base = '';
const deps = () => ({ pool, fetchAsset: createAssetFetcher(true) });
const letter = (over: Partial<LetterRenderInput> = {}): LetterRenderInput => ({
  size: 'us_letter',
  content: { kind: 'html', html: body('<p>Hello there</p>') },
  to,
  from,
  addressPlacement: 'top_first_page',
  doubleSided: false,
  color: false,
  ...over,
});
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

before(async () => {
  pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/css');
    if (req.url === '/style.css') return res.end('.from-css::before { content: "STYLED BY CSS"; }');
    if (req.url === '/with-import.css') return res.end('@import "/never.css"; p { color: red; }');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await pool.close();
  server.close();
});

test('merged HTML becomes a one-page letter with both addresses inside their window zones', async () => {
  const template = body('<p>Dear {{to.firstName}}, your balance is {{balance}}.</p>');
  const html = mergeHtml(template, buildMergeContext({ balance: '$42.00' }, to, from));
  const result = await renderLetter(letter({ content: { kind: 'html', html } }), deps());
  assert.equal(result.pageCount, 1);
  assert.deepEqual(await pageSizes(result.pdf), [LETTER]);
  assert.match(squash(await pageText(result.pdf, 1)), /Dear Ada, your balance is \$42\.00\./);
  const recipient = squash(await pageText(result.pdf, 1, zones.recipientZone));
  assert.equal(recipient, 'ADA LOVELACE 12 ANALYTICAL WAY SUITE 3 SPRINGFIELD IL 62701');
  const sender = squash(await pageText(result.pdf, 1, zones.returnZone));
  assert.equal(sender, 'POSTROOM TEST CO 1 SENDER RD AUSTIN TX 73301');
  assert.deepEqual(result.warnings, []);
});

test('content under the address zones is painted over, so only the addresses show there', async () => {
  const under = (top: string) =>
    `<div style="position:absolute;top:${top};left:0.6in;font-size:20px;white-space:nowrap">${'COVERED '.repeat(8)}</div>`;
  const html = `<body style="margin:0">${under('0.6in')}${under('2.2in')}<p style="margin-top:5in">x</p></body>`;
  const covered = await renderLetter(letter({ content: { kind: 'html', html } }), deps());
  const clean = await renderLetter(
    letter({ content: { kind: 'html', html: html.replace(/COVERED/g, '') } }),
    deps(),
  );
  for (const zone of [zones.recipientZone, zones.returnZone]) {
    assert.deepEqual(await zonePixels(covered.pdf, zone), await zonePixels(clean.pdf, zone));
  }
  // the comparison can fail: the text runs on past the zones, and there it shows
  const page = { x: 0, y: 0, width: 612, height: 792 };
  assert.notDeepEqual(await zonePixels(covered.pdf, page), await zonePixels(clean.pdf, page));
});

test('a4 letters use A4 pages and the DIN window zones', async () => {
  const result = await renderLetter(
    letter({
      size: 'a4',
      to: { ...to, countryCode: 'DE', city: 'Berlin', postalOrZip: '10115', provinceOrState: '' },
    }),
    deps(),
  );
  assert.deepEqual(await pageSizes(result.pdf), [A4]);
  const recipient = squash(await pageText(result.pdf, 1, ADDRESS_LAYOUTS.a4.recipientZone));
  assert.match(recipient, /ADA LOVELACE 12 ANALYTICAL WAY SUITE 3 10115 BERLIN GERMANY/);
  assert.match(
    squash(await pageText(result.pdf, 1, ADDRESS_LAYOUTS.a4.returnZone)),
    /POSTROOM TEST CO, 1 SENDER RD/,
  );
});

test('an uploaded PDF is checked, kept as is and stamped on page 1', async () => {
  const pdf = await makePdf(612, 792, 2, 'uploaded');
  const result = await renderLetter(letter({ content: { kind: 'pdf', bytes: pdf } }), deps());
  assert.equal(result.pageCount, 2);
  assert.match(await pageText(result.pdf, 1), /uploaded page 1/);
  assert.match(await pageText(result.pdf, 2), /uploaded page 2/);
  assert.match(squash(await pageText(result.pdf, 1, zones.recipientZone)), /^ADA LOVELACE/);
});

test('an uploaded PDF of the wrong size fails naming the field', async () => {
  const pdf = await makePdf(595, 842, 1);
  await assert.rejects(
    renderLetter(letter({ content: { kind: 'pdf', bytes: pdf } }), deps()),
    (err: unknown) => {
      assert.ok(err instanceof RenderInputError);
      assert.equal(err.field, 'pdf');
      assert.equal(err.code, 'page_size');
      return true;
    },
  );
});

test('attachedPDF goes before or after the content; the address is on the first page either way', async () => {
  const bytes = await makePdf(612, 792, 2, 'attached');
  const before = await renderLetter(letter({ attachedPDF: { bytes, placement: 'before_template' } }), deps());
  assert.equal(before.pageCount, 3);
  assert.match(await pageText(before.pdf, 1), /attached page 1/);
  assert.match(squash(await pageText(before.pdf, 1, zones.recipientZone)), /^ADA LOVELACE/);
  assert.match(await pageText(before.pdf, 3), /Hello there/);
  const after = await renderLetter(letter({ attachedPDF: { bytes, placement: 'after_template' } }), deps());
  assert.match(await pageText(after.pdf, 1), /Hello there/);
  assert.match(await pageText(after.pdf, 3), /attached page 2/);
});

test('insert_blank_page adds an address-only first page', async () => {
  const result = await renderLetter(letter({ addressPlacement: 'insert_blank_page' }), deps());
  assert.equal(result.pageCount, 2);
  const first = squash(await pageText(result.pdf, 1));
  assert.doesNotMatch(first, /Hello there/);
  assert.match(squash(await pageText(result.pdf, 1, zones.recipientZone)), /ADA LOVELACE/);
  assert.match(await pageText(result.pdf, 2), /Hello there/);
  assert.equal(squash(await pageText(result.pdf, 2, zones.recipientZone)), '');
});

test('double-sided: the address page back is blank and letters are whole sheets', async () => {
  const blankPage = await renderLetter(
    letter({ addressPlacement: 'insert_blank_page', doubleSided: true }),
    deps(),
  );
  assert.equal(blankPage.pageCount, 4); // address, its blank back, content, blank back
  assert.equal(blankPage.sheetCount, 2);
  assert.equal(squash(await pageText(blankPage.pdf, 2)), '');
  assert.match(await pageText(blankPage.pdf, 3), /Hello there/);
  const top = await renderLetter(letter({ doubleSided: true }), deps());
  assert.equal(top.pageCount, 2);
  assert.equal(top.sheetCount, 1);
  const single = await renderLetter(letter({ doubleSided: false }), deps());
  assert.equal(single.pageCount, 1);
});

test('page JavaScript does not run and network requests are blocked and reported', async () => {
  const html = body(
    '<p id="t">STATIC TEXT</p><script>document.getElementById("t").textContent = "SCRIPT RAN";' +
      'document.write("SCRIPT WROTE")</script><img src="relative/logo.png">',
  );
  const result = await renderLetter(letter({ content: { kind: 'html', html } }), deps());
  const text = await pageText(result.pdf, 1);
  assert.match(text, /STATIC TEXT/);
  assert.doesNotMatch(text, /SCRIPT/);
  assert.ok(
    result.warnings.some((w) => w.includes('relative/logo.png')),
    result.warnings.join('; '),
  );
});

test('external stylesheets are fetched beforehand and inlined', async () => {
  const html = body(`<link rel="stylesheet" href="${base}/style.css"><p class="from-css"></p>`);
  const styled = await renderLetter(letter({ content: { kind: 'html', html } }), deps());
  assert.match(await pageText(styled.pdf, 1), /STYLED BY CSS/);
  assert.deepEqual(styled.warnings, []);
});

test('an asset that cannot be fetched fails the render naming its URL', async () => {
  const html = body(`<link rel="stylesheet" href="${base}/with-import.css">`);
  await assert.rejects(renderLetter(letter({ content: { kind: 'html', html } }), deps()), (err: unknown) => {
    assert.ok(err instanceof RenderInputError);
    assert.equal(err.code, 'asset_fetch');
    assert.match(err.message, /never\.css.*HTTP 404/);
    return true;
  });
});

test('assets on private addresses are refused unless allowed', async () => {
  const html = body(`<img src="${base}/logo.png">`);
  const strict = { pool, fetchAsset: createAssetFetcher(false) };
  await assert.rejects(renderLetter(letter({ content: { kind: 'html', html } }), strict), (err: unknown) => {
    assert.ok(err instanceof RenderInputError);
    assert.equal(err.field, 'html');
    assert.equal(err.code, 'asset_fetch');
    assert.match(err.message, /private/);
    return true;
  });
});

test('addresses the standard font cannot write are printed with system fonts, over the page', async () => {
  const ivan = {
    firstName: 'Иван',
    lastName: 'Петров',
    addressLine1: 'ул. Ленина, д. 1',
    city: 'Москва',
    postalOrZip: '101000',
    countryCode: 'RU',
  };
  const html =
    '<body style="margin:0;background:#000"><p style="color:#fff;padding-top:5in">Dark letter</p></body>';
  const result = await renderLetter(letter({ to: ivan, content: { kind: 'html', html } }), deps());
  const recipient = squash(await pageText(result.pdf, 1, zones.recipientZone));
  assert.match(recipient, /ИВАН ПЕТРОВ УЛ\. ЛЕНИНА, Д\. 1 МОСКВА 101000 RUSSIA/);
  assert.match(squash(await pageText(result.pdf, 1, zones.returnZone)), /POSTROOM TEST CO/);
  assert.deepEqual(result.warnings, []);
  // the overlay is transparent outside the zones: the black page still shows there
  const outside = await zonePixels(result.pdf, { x: 300, y: 400, width: 100, height: 100 });
  const pixels = outside.subarray(outside.length - 34 * 34);
  assert.ok(
    pixels.every((v) => v < 16),
    'the area outside the zones stays black',
  );
});

test('HTML that prints to too many pages is refused without printing them all', async () => {
  const html = '<p style="break-after:page">page</p>'.repeat(500);
  const started = Date.now();
  await assert.rejects(renderLetter(letter({ content: { kind: 'html', html } }), deps()), (err: unknown) => {
    assert.ok(err instanceof RenderInputError);
    assert.equal(err.code, 'too_many_pages');
    assert.match(err.message, /^html: the HTML prints to more than 60 pages$/);
    return true;
  });
  assert.ok(Date.now() - started < 15_000);
  const sixty = '<p style="break-after:page">page</p>'.repeat(59) + '<p>last</p>';
  const ok = await renderLetter(letter({ content: { kind: 'html', html: sixty } }), deps());
  assert.equal(ok.pageCount, 60);
});
