import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { degrees, PDFDict, PDFDocument, PDFName, rgb } from 'pdf-lib';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { htmlToPdf } from '../../../src/engines/render/browser/html-to-pdf.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { PdfCheckError, RenderInputError } from '../../../src/engines/render/errors.js';
import type { RenderDeps } from '../../../src/engines/render/letter/letter-job.js';
import { loadMailpiecePdf } from '../../../src/engines/render/mailpiece/load-mailpiece-pdf.js';
import type { MailpieceFormat } from '../../../src/engines/render/mailpiece/mailpiece-format.js';
import type {
  MailpieceRenderInput,
  MailpieceRenderResult,
  MailpieceSide,
} from '../../../src/engines/render/mailpiece/mailpiece-job.js';
import { POSTCARD_FORMATS } from '../../../src/engines/render/mailpiece/postcard-formats.js';
import { renderPostcard, renderSelfMailer } from '../../../src/engines/render/mailpiece/render-mailpiece.js';
import { SELF_MAILER_FORMATS } from '../../../src/engines/render/mailpiece/self-mailer-formats.js';
import type { Zone } from '../../../src/engines/render/pdf/address-zones.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { countPixels, from, makePdf, pageText, pageWords, to, type WordBox, zoneRgb } from './pdf-helpers.js';

const IN = 72;
const BLEED = 0.125 * IN;
const SAFE = 0.125 * IN;

const RECIPIENT_WORDS = [
  'ADA',
  'LOVELACE',
  '12',
  'ANALYTICAL',
  'WAY',
  'SUITE',
  '3',
  'SPRINGFIELD',
  'IL',
  '62701',
];
const RETURN_WORDS = ['POSTROOM', 'TEST', 'CO', '1', 'SENDER', 'RD', 'AUSTIN', 'TX', '73301'];

type Render = (input: MailpieceRenderInput, deps: RenderDeps) => Promise<MailpieceRenderResult>;

/** Every size, with what the spec says about it written out here rather than read from the formats. */
interface Case {
  name: string;
  size: string;
  format: MailpieceFormat;
  render: Render;
  /** Trim width and height, points. */
  trim: [number, number];
  /** The address panel, trim coordinates. */
  panel: Zone;
  /** Postroom's part of the panel: a postcard's ink-free zone on the right of the back; a folded piece's whole panel. */
  area: Zone;
  folds: number[];
  fields: [string, string];
}

/** `areaWidth`: the ink-free zone's width in inches, from the back's right edge (docs/rendering.md). */
const postcard = (size: string, w: number, h: number, areaWidth: number): Case => ({
  name: `postcard ${size}`,
  size,
  format: POSTCARD_FORMATS[size],
  render: renderPostcard,
  trim: [w * IN, h * IN],
  panel: { x: 0, y: 0, width: w * IN, height: h * IN },
  area: { x: (w - areaWidth) * IN, y: 0, width: areaWidth * IN, height: h * IN },
  folds: [],
  fields: ['frontHTML', 'backHTML'],
});
const selfMailer = (size: string, w: number, h: number, panels: 2 | 3): Case => {
  const panelHeight = (h * IN) / panels;
  // bifold: the top half of the outside; trifold: its middle third
  const panel = { x: 0, y: panels === 2 ? 0 : panelHeight, width: w * IN, height: panelHeight };
  return {
    name: `self mailer ${size}`,
    size,
    format: SELF_MAILER_FORMATS[size],
    render: renderSelfMailer,
    trim: [w * IN, h * IN],
    panel,
    area: panel,
    folds: panels === 2 ? [panelHeight] : [panelHeight, 2 * panelHeight],
    fields: ['insideHTML', 'outsideHTML'],
  };
};
const CASES: Case[] = [
  postcard('6x4', 6, 4, 3.5),
  postcard('9x6', 9, 6, 4.5),
  postcard('11x6', 11, 6, 4.75),
  selfMailer('8.5x11_bifold', 8.5, 11, 2),
  selfMailer('8.5x11_trifold', 8.5, 11, 3),
  selfMailer('9.5x16_trifold', 9.5, 16, 3),
];

/** USPS letter-mail areas of an address panel, from the rules, independent of the code under test. */
function usps(panel: Zone) {
  const right = panel.x + panel.width;
  const bottom = panel.y + panel.height;
  return {
    ocrReadArea: {
      x: panel.x + 0.5 * IN,
      y: bottom - 2.75 * IN,
      width: panel.width - IN,
      height: 2.125 * IN,
    },
    barcodeClear: { x: right - 4.75 * IN, y: bottom - 0.625 * IN, width: 4.75 * IN, height: 0.625 * IN },
  };
}

const EPS = 0.01;
const inside = (a: Zone, b: Zone, slack = EPS) =>
  a.x >= b.x - slack &&
  a.y >= b.y - slack &&
  a.x + a.width <= b.x + b.width + slack &&
  a.y + a.height <= b.y + b.height + slack;
const overlaps = (a: Zone, b: Zone) =>
  a.x < b.x + b.width - EPS &&
  b.x < a.x + a.width - EPS &&
  a.y < b.y + b.height - EPS &&
  b.y < a.y + a.height - EPS;
const grow = (z: Zone, by: number): Zone => ({
  x: z.x - by,
  y: z.y - by,
  width: z.width + 2 * by,
  height: z.height + 2 * by,
});
/** Trim coordinates → page coordinates: the page starts a bleed further out. */
const onPage = (z: Zone): Zone => ({ ...z, x: z.x + BLEED, y: z.y + BLEED });
const show = (z: Zone) => JSON.stringify(z);

const red = (r: number, g: number, b: number) => r > 150 && g < 110 && b < 110;
const notWhite = (r: number, g: number, b: number) => r < 250 || g < 250 || b < 250;
const dark = (r: number, g: number, b: number) => r < 100 && g < 100 && b < 100;

let pool: BrowserPool;
const deps = (): RenderDeps => ({ pool, fetchAsset: createAssetFetcher(false) });

before(() => {
  pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
});
after(() => pool.close());

/** A side painted red to the bleed edges and covered in red words (lower-case, unlike addresses). */
function coveringHtml(c: Case): string {
  const [w, h] = [c.trim[0] + 2 * BLEED, c.trim[1] + 2 * BLEED];
  const box = `width:${w}pt;height:${h - 4}pt;overflow:hidden`;
  return (
    `<html><body style="margin:0;background:#d00000"><div style="${box};color:#ff5050;` +
    `font:bold 18px sans-serif">${'covered '.repeat(3000)}</div></body></html>`
  );
}

const htmlInput = (c: Case, over: Partial<MailpieceRenderInput> = {}): MailpieceRenderInput => ({
  size: c.size,
  content: {
    kind: 'html',
    sides: [
      { field: c.fields[0], html: coveringHtml(c) },
      { field: c.fields[1], html: coveringHtml(c) },
    ],
  },
  to,
  from,
  ...over,
});
const pdfInput = (c: Case, bytes: Uint8Array, over: Partial<MailpieceRenderInput> = {}) =>
  ({
    size: c.size,
    content: { kind: 'pdf', bytes, field: 'pdf' },
    to,
    from,
    ...over,
  }) as MailpieceRenderInput;

async function refusal(run: Promise<unknown>): Promise<RenderInputError> {
  const err = await run.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof RenderInputError, String(err));
  return err;
}

/** MediaBox = BleedBox = the page, TrimBox a bleed inside it, ArtBox the safe area; no rotation. */
async function assertBoxes(pdf: Uint8Array, c: Case) {
  const doc = await PDFDocument.load(pdf);
  const [tw, th] = c.trim;
  const page = { x: 0, y: 0, width: tw + 2 * BLEED, height: th + 2 * BLEED };
  assert.equal(doc.getPageCount(), 2);
  for (const p of doc.getPages()) {
    assert.deepEqual(p.getMediaBox(), page);
    assert.deepEqual(p.getBleedBox(), page);
    assert.deepEqual(p.getTrimBox(), { x: BLEED, y: BLEED, width: tw, height: th });
    assert.deepEqual(p.getArtBox(), {
      x: BLEED + SAFE,
      y: BLEED + SAFE,
      width: tw - 2 * SAFE,
      height: th - 2 * SAFE,
    });
    assert.equal(p.getRotation().angle, 0);
  }
}

function wordsNamed(words: WordBox[], texts: string[]): WordBox[] {
  return texts.map((text) => {
    const found = words.filter((w) => w.text === text);
    assert.equal(
      found.length,
      1,
      `"${text}" once on the address page: ${words.map((w) => w.text).join(' ')}`,
    );
    return found[0];
  });
}

/** Address words on page 2 lie in their zones; the recipient in the OCR read area, off the barcode zone. */
async function assertAddresses(pdf: Uint8Array, c: Case, withReturn: boolean) {
  const words = await pageWords(pdf, 2);
  const { zones } = c.format;
  const areas = usps(c.panel);
  for (const word of wordsNamed(words, RECIPIENT_WORDS)) {
    assert.ok(inside(word, onPage(zones.recipient), 0.5), `${word.text} ${show(word)} in the recipient zone`);
    assert.ok(inside(word, onPage(areas.ocrReadArea), 0.5), `${word.text} in the OCR read area`);
    assert.ok(!overlaps(word, onPage(areas.barcodeClear)), `${word.text} off the barcode clear zone`);
  }
  if (withReturn) {
    for (const word of wordsNamed(words, RETURN_WORDS)) {
      assert.ok(
        inside(word, onPage(zones.returnAddress), 0.5),
        `${word.text} ${show(word)} in the return zone`,
      );
    }
  } else {
    assert.deepEqual(
      words.filter((w) => RETURN_WORDS.includes(w.text)),
      [],
    );
  }
}

test('every format: bleed page, panel, folds and finishing as specified; zones inside the safe area by USPS rules', () => {
  for (const c of CASES) {
    const f = c.format;
    const [tw, th] = c.trim;
    assert.deepEqual([f.trim.width, f.trim.height], [tw, th], c.name);
    assert.deepEqual([f.page.width, f.page.height], [tw + 0.25 * IN, th + 0.25 * IN], c.name);
    assert.equal(f.addressPage, 1);
    assert.deepEqual(f.addressPanel, c.panel, c.name);
    assert.deepEqual(f.folds, c.folds, c.name);
    assert.deepEqual(
      f.finishing.foldsFromTopIn,
      c.folds.map((pt) => Math.round((pt / IN) * 1000) / 1000),
    );
    assert.equal(f.finishing.fold, ['none', 'bifold', 'trifold'][c.folds.length]);
    assert.equal(f.finishing.stock, f.kind === 'postcard' ? 'cover' : 'text');
    assert.equal(f.finishing.seal, f.kind === 'postcard' ? 'none' : 'wafer_seals_on_open_edge');
    assert.deepEqual(f.finishing.finishedSizeIn, {
      width: tw / IN,
      height: Math.round((c.panel.height / IN) * 1000) / 1000,
    });
    // the mailed piece is read with its long side horizontal
    assert.ok(c.panel.width > c.panel.height, c.name);

    const safeArea = { x: SAFE, y: SAFE, width: tw - 2 * SAFE, height: th - 2 * SAFE };
    const panelSafe = grow(c.panel, -SAFE);
    const { recipient, returnAddress, postage, barcodeClear, ocrReadArea, addressArea } = f.zones;
    const { clearance } = f.layout;
    assert.deepEqual(addressArea, c.area, c.name);
    for (const [name, zone] of Object.entries(f.zones)) {
      // painted white to the edges, never printed in
      if (name === 'barcodeClear' || name === 'addressArea') continue;
      assert.ok(inside(zone, safeArea), `${c.name} ${name} ${show(zone)} inside the safe area`);
      assert.ok(inside(zone, panelSafe), `${c.name} ${name} inside the address panel's safe margin`);
    }
    for (const zone of [recipient, returnAddress]) {
      assert.ok(inside(grow(zone, clearance), panelSafe), `${c.name}: white band inside the safe margin`);
      // the addresses and their white bands stay in Postroom's area: the rest is the customer's
      assert.ok(inside(grow(zone, clearance), c.area), `${c.name}: white band inside the address area`);
    }
    assert.ok(inside(postage, c.area), `${c.name}: postage in the address area`);
    const areas = usps(c.panel);
    assert.deepEqual(ocrReadArea, areas.ocrReadArea, c.name);
    assert.ok(inside(recipient, areas.ocrReadArea), `${c.name} recipient in the OCR read area`);
    assert.ok(!overlaps(recipient, areas.barcodeClear), `${c.name} recipient off the barcode clear zone`);
    assert.ok(inside(barcodeClear, areas.barcodeClear), c.name);
    // the barcode clear zone is all of the USPS one, to the panel's edges
    const panelRight = c.panel.x + c.panel.width;
    const panelBottom = c.panel.y + c.panel.height;
    assert.deepEqual(barcodeClear, areas.barcodeClear);
    // recipient on the right side; postage in the top-right corner; return at the address
    // area's top left (a postcard's: right of the customer's message), left of the postage
    assert.ok(recipient.x > c.panel.x + c.panel.width / 4 && recipient.x + recipient.width > panelRight - IN);
    assert.ok(recipient.height >= IN, `${c.name} recipient tall enough for six lines`);
    assert.ok(recipient.width >= 2.75 * IN, `${c.name} recipient wide enough for an address line`);
    assert.deepEqual(postage, {
      x: panelRight - SAFE - IN,
      y: c.panel.y + SAFE,
      width: IN,
      height: 0.875 * IN,
    });
    assert.ok(returnAddress.x <= c.area.x + 0.25 * IN && returnAddress.y <= c.panel.y + 0.25 * IN);
    assert.ok(returnAddress.width >= 2 * IN, `${c.name} return address wide enough`);
    assert.ok(
      returnAddress.x + returnAddress.width + clearance <= postage.x,
      `${c.name} return left of postage`,
    );
    const named = Object.entries({ recipient, returnAddress, postage, barcodeClear });
    for (const [i, [a, za]] of named.entries()) {
      for (const [b, zb] of named.slice(i + 1))
        assert.ok(!overlaps(za, zb), `${c.name}: ${a} and ${b} apart`);
    }
    assert.ok(!overlaps(grow(returnAddress, clearance), grow(recipient, clearance)), c.name);
    // painted on into the bleed where the panel's edge is a cut (the right edge always; the
    // bottom one unless it is a fold); a postcard's ink-free zone is painted whole, to the
    // top, right and bottom cuts and on into the bleed there
    const bottomIsCut = Math.abs(panelBottom - th) < 0.01;
    const inkFree =
      f.kind === 'postcard'
        ? [{ x: c.area.x, y: -BLEED, width: c.area.width + BLEED, height: c.area.height + 2 * BLEED }]
        : [];
    assert.deepEqual(f.layout.keepClear, [
      ...inkFree,
      postage,
      {
        ...barcodeClear,
        width: barcodeClear.width + BLEED,
        height: barcodeClear.height + (bottomIsCut ? BLEED : 0),
      },
    ]);
  }
});

for (const c of CASES) {
  test(`${c.name}: HTML sides print on two bleed pages with both addresses in their zones over cleared artwork`, async () => {
    const result = await c.render(htmlInput(c), deps());
    assert.equal(result.pageCount, 2);
    assert.deepEqual(result.warnings, []);
    await assertBoxes(result.pdf, c);
    await assertAddresses(result.pdf, c, true);

    const { recipient, returnAddress, postage, barcodeClear, addressArea } = c.format.zones;
    // a postcard's ink-free zone holds nothing of the artwork, only the addresses
    if (c.format.kind === 'postcard') {
      const area = grow(onPage(addressArea), -1);
      assert.equal(countPixels(await zoneRgb(result.pdf, 2, area), red), 0, `${c.name}: ink-free zone`);
    }
    for (const [name, zone] of Object.entries({ recipient, returnAddress, postage, barcodeClear })) {
      // a point inside the edge: at 72 dpi the edge pixel may blend with the artwork around
      const pixels = await zoneRgb(result.pdf, 2, grow(onPage(zone), -1));
      assert.equal(countPixels(pixels, red), 0, `${c.name}: no artwork shows in the ${name} zone`);
      if (name === 'postage' || name === 'barcodeClear') {
        assert.equal(countPixels(pixels, notWhite), 0, `${c.name}: the ${name} zone is blank`);
      } else {
        assert.ok(countPixels(pixels, dark) > 20, `${c.name}: the ${name} address is printed`);
      }
    }
    // the barcode clear zone goes on white into the bleed beside the cut edge
    const clear = onPage(barcodeClear);
    const bleedStrip = { x: clear.x + clear.width + 2, y: clear.y + 4, width: 4, height: 10 };
    assert.equal(
      countPixels(await zoneRgb(result.pdf, 2, bleedStrip), red),
      0,
      `${c.name}: bleed beside the barcode zone`,
    );
    // the check above can fail: the artwork is all around the zones, to the bleed edge
    const panelCorner = {
      x: c.panel.x + 0.25 * IN,
      y: c.panel.y + c.panel.height - 0.5 * IN,
      width: 18,
      height: 18,
    };
    assert.ok(countPixels(await zoneRgb(result.pdf, 2, onPage(panelCorner)), red) > 200);
    assert.ok(countPixels(await zoneRgb(result.pdf, 2, { x: 0, y: 0, width: 6, height: 6 }), red) > 20);
    const middle = { x: c.trim[0] / 2, y: c.trim[1] / 2, width: 18, height: 18 };
    assert.ok(countPixels(await zoneRgb(result.pdf, 1, middle), red) > 200, 'page 1 carries its artwork');
  });
}

test('a postcard keeps its message: text and colour on the back left of the ink-free zone are untouched', async () => {
  const message = 'Dear Ada, the engine works and the weather is fine. Wish you were here. Charles';
  const blue = (r: number, g: number, b: number) => b > 240 && b - r > 30 && g - r > 10;
  for (const c of CASES.filter((k) => k.format.kind === 'postcard')) {
    // the message fills the back's left part, inside the safe margin, on a blue background
    const left = (BLEED + SAFE + 4) / IN;
    const width = (c.area.x - SAFE - 12) / IN;
    const back =
      '<html><body style="margin:0;background:#cce0ff">' +
      `<p style="position:absolute;left:${left}in;top:${left}in;width:${width}in;margin:0;font:15px sans-serif">` +
      `${message}</p></body></html>`;
    const sides: [MailpieceSide, MailpieceSide] = [
      { field: 'frontHTML', html: '<p>front</p>' },
      { field: 'backHTML', html: back },
    ];
    const result = await c.render(htmlInput(c, { content: { kind: 'html', sides } }), deps());
    // every word of the message is on the back, left of the ink-free zone, in order
    const customer = onPage({ x: SAFE, y: SAFE, width: c.area.x - SAFE, height: c.trim[1] - 2 * SAFE });
    const words = (await pageWords(result.pdf, 2)).filter((w) => inside(w, customer, 0.5));
    assert.equal(words.map((w) => w.text).join(' '), message, c.name);
    assert.equal(
      (await pageText(result.pdf, 2, customer)).replace(/\s+/g, ' ').trim(),
      message,
      `${c.name}: pdftotext finds the message`,
    );
    // nothing was painted over it: the customer's part of the back, down to the barcode clear
    // strip, is still the artwork's blue and text, with no white box anywhere in it
    const above = { ...customer, height: onPage(c.format.zones.barcodeClear).y - customer.y };
    const pixels = await zoneRgb(result.pdf, 2, grow(above, -1));
    const white = countPixels(pixels, (r, g, b) => r > 250 && g > 250 && b > 250);
    assert.equal(white, 0, `${c.name}: no white box on the customer's part of the back`);
    assert.ok(countPixels(pixels, dark) > 200, `${c.name}: the message is visible`);
    assert.ok(countPixels(pixels, blue) > pixels.width * pixels.height * 0.5, c.name);
    // and the ink-free zone is white but for the addresses
    const area = await zoneRgb(result.pdf, 2, grow(onPage(c.area), -1));
    assert.equal(countPixels(area, blue), 0, `${c.name}: the ink-free zone is painted white`);
    await assertAddresses(result.pdf, c, true);
  }
});

test('two-page PDFs at bleed size and at trim size render for every size, trim pages centred', async () => {
  for (const c of CASES) {
    const [tw, th] = c.trim;
    for (const [at, w, h, x] of [
      ['bleed', tw + 2 * BLEED, th + 2 * BLEED, 72],
      ['trim', tw, th, 72 + BLEED],
    ] as const) {
      const result = await c.render(pdfInput(c, await makePdf(w, h, 2, 'artwork')), deps());
      assert.equal(result.pageCount, 2, `${c.name} at ${at} size`);
      await assertBoxes(result.pdf, c);
      await assertAddresses(result.pdf, c, true);
      const [artwork] = wordsNamedOn(await pageWords(result.pdf, 1), 'artwork');
      assert.ok(
        Math.abs(artwork.x - x) < 0.5,
        `${c.name} at ${at} size: artwork at x ${artwork.x}, not ${x}`,
      );
      assert.match(await pageText(result.pdf, 1), /artwork page 1/);
      // page 2's label runs under the recipient zone; its first word shows where it was placed
      const [second] = wordsNamedOn(await pageWords(result.pdf, 2), 'artwork');
      assert.ok(Math.abs(second.x - x) < 0.5, `${c.name} at ${at} size: page 2 placed like page 1`);
    }
  }
});

const wordsNamedOn = (words: WordBox[], text: string) => words.filter((w) => w.text === text);

test('a trim-size page keeps its artwork inside the trim; the bleed around it stays blank', async () => {
  for (const c of CASES) {
    const [tw, th] = c.trim;
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2; i++) {
      doc.addPage([tw, th]).drawRectangle({ x: 0, y: 0, width: tw, height: th, color: rgb(0.85, 0, 0) });
    }
    const result = await c.render(pdfInput(c, await doc.save()), deps());
    const bleedStrips = [
      { x: 0, y: 0, width: tw + 2 * BLEED, height: BLEED - 1 },
      { x: 0, y: 0, width: BLEED - 1, height: th + 2 * BLEED },
      { x: tw + BLEED + 1, y: 0, width: BLEED - 1, height: th + 2 * BLEED },
      { x: 0, y: th + BLEED + 1, width: tw + 2 * BLEED, height: BLEED - 1 },
    ];
    for (const strip of bleedStrips) {
      assert.equal(countPixels(await zoneRgb(result.pdf, 1, strip), notWhite), 0, `${c.name} ${show(strip)}`);
    }
    const justInside = { x: BLEED + 1, y: BLEED + 1, width: 20, height: 20 };
    const pixels = await zoneRgb(result.pdf, 1, justInside);
    assert.equal(countPixels(pixels, red), pixels.width * pixels.height, c.name);
  }
});

test('a portrait page turned by /Rotate 90 counts as landscape and is placed upright', async () => {
  const c = CASES[0];
  const [tw, th] = c.trim;
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([th, tw]);
    page.setRotation(degrees(90));
    // the content's origin corner is the visible top-left once the page is turned clockwise
    page.drawRectangle({ x: 0, y: 0, width: 50, height: 50, color: rgb(0.85, 0, 0) });
  }
  const result = await c.render(pdfInput(c, await doc.save()), deps());
  await assertBoxes(result.pdf, c);
  const topLeft = await zoneRgb(result.pdf, 1, { x: BLEED + 5, y: BLEED + 5, width: 40, height: 40 });
  assert.equal(countPixels(topLeft, red), topLeft.width * topLeft.height);
  for (const corner of [
    { x: tw - 40, y: BLEED + 5 },
    { x: BLEED + 5, y: th - 40 },
  ]) {
    assert.equal(countPixels(await zoneRgb(result.pdf, 1, { ...corner, width: 30, height: 30 }), red), 0);
  }
});

test('a one-page, a three-page and a wrong-size PDF are refused naming the field', async () => {
  const card = CASES[0];
  const mailer = CASES[3];
  const one = await refusal(card.render(pdfInput(card, await makePdf(450, 306, 1)), deps()));
  assert.ok(one instanceof PdfCheckError);
  assert.equal(one.field, 'pdf');
  assert.equal(one.code, 'page_count');
  assert.match(one.message, /^pdf: the PDF has 1 page; a 6x4 postcard needs 2 \(front, back\)$/);

  const three = await refusal(mailer.render(pdfInput(mailer, await makePdf(630, 810, 3)), deps()));
  assert.ok(three instanceof PdfCheckError);
  assert.equal(three.field, 'pdf');
  assert.equal(three.code, 'too_many_pages');
  assert.match(three.message, /^pdf: the PDF has 3 pages; the limit is 2/);

  const letter = await refusal(card.render(pdfInput(card, await makePdf(612, 792, 2)), deps()));
  assert.ok(letter instanceof PdfCheckError);
  assert.equal(letter.code, 'page_size');
  assert.equal(
    letter.message,
    'pdf: page 1 is 8.5 × 11 in; a 6x4 postcard needs 6.25 × 4.25 in (with bleed) or 6 × 4 in (trim) landscape pages',
  );
  // a self mailer is portrait: its sheet turned sideways is the wrong size, at create time too
  const sideways = loadMailpiecePdf(await makePdf(792, 612, 2), 'outsidePDF', mailer.format);
  const err = await refusal(sideways);
  assert.equal(err.field, 'outsidePDF');
  assert.match(
    err.message,
    /^outsidePDF: page 1 is 11 × 8\.5 in; a 8\.5x11_bifold self mailer needs 8\.75 × 11\.25 in \(with bleed\) or 8\.5 × 11 in \(trim\) portrait pages$/,
  );
  // the page named is the one at fault
  const doc = await PDFDocument.create();
  doc.addPage([450, 306]);
  doc.addPage([612, 792]);
  assert.match(
    (await refusal(card.render(pdfInput(card, await doc.save()), deps()))).message,
    /^pdf: page 2 is/,
  );
});

test('an HTML side taller than its page is cut off at the page edge; an over-long side or a missing asset is refused naming its side', async () => {
  // the words before the spacer fit on the page; everything after it lies below the page
  const tall = (name: string) =>
    `<body style="margin:0;font:14px sans-serif"><p style="margin:0.5in">${name} first part ${'visible '.repeat(20)}</p>` +
    `<div style="height:30in"></div><p>${'beyond '.repeat(500)}</p></body>`;
  const card = CASES[0];
  const mailer = CASES[4];
  for (const [c, sides] of [
    [
      card,
      [
        { field: 'frontHTML', html: '<p>front</p>' },
        { field: 'backHTML', html: tall('back') },
      ],
    ],
    [
      mailer,
      [
        { field: 'insideHTML', html: tall('inside') },
        { field: 'outsideHTML', html: '<p>outside</p>' },
      ],
    ],
  ] as const) {
    const result = await c.render(htmlInput(c, { content: { kind: 'html', sides: [...sides] } }), deps());
    assert.equal(result.pageCount, 2, c.name);
    await assertBoxes(result.pdf, c);
    const overflowing = sides[0].html.includes('first part') ? 1 : 2;
    const words = (await pageWords(result.pdf, overflowing)).map((w) => w.text);
    assert.ok(words.includes('first') && words.includes('visible'), `${c.name}: ${words.join(' ')}`);
    assert.ok(!words.includes('beyond'), `${c.name}: nothing below the page is printed`);
    const other = (await pageWords(result.pdf, 3 - overflowing)).map((w) => w.text);
    assert.ok(!other.includes('beyond') && !other.includes('first'), c.name);
    if (overflowing === 2) await assertAddresses(result.pdf, c, true);
  }

  // each side's assets are inlined on its own: an asset that cannot be fetched names its side
  const refused = htmlInput(card, {
    content: {
      kind: 'html',
      sides: [
        { field: 'frontHTML', html: '<p>front</p>' },
        { field: 'backHTML', html: '<img src="http://127.0.0.1/logo.png">' },
      ],
    },
  });
  const assetErr = await refusal(card.render(refused, deps()));
  assert.equal(assetErr.field, 'backHTML');
  assert.equal(assetErr.code, 'asset_fetch');
  assert.match(assetErr.message, /^backHTML: asset http:\/\/127\.0\.0\.1\/logo\.png could not be fetched/);

  const huge = htmlInput(card, {
    content: {
      kind: 'html',
      sides: [
        { field: 'frontHTML', html: '<p>front</p>' },
        { field: 'backHTML', html: 'x'.repeat(5 * 1024 * 1024 + 1) },
      ],
    },
  });
  const hugeErr = await refusal(card.render(huge, deps()));
  assert.equal(hugeErr.field, 'backHTML');
  assert.equal(hugeErr.code, 'too_large');
});

test('each side prints as its own document: its styles, body and quirks or standards mode stay its own', async () => {
  const c = CASES[1];
  // without a doctype a table does not inherit the body's font size (quirks mode), with one it does
  const body = (name: string) =>
    `<p>${name} paragraph</p><table><tr><td>${name}cell</td></tr></table>` +
    '<iframe src="https://example.com/framed" style="width:1px;height:1px;border:0"></iframe>';
  const front =
    '<html><head><style>body { margin: 0.5in; font: 40px sans-serif; background: #d00000 } p { color: #ff5050 }</style>' +
    `</head><body>${body('front')}</body></html>`;
  const back = `<!DOCTYPE html><html><head><style>body { margin: 0.5in; font: 40px sans-serif }</style></head><body>${body('back')}</body></html>`;
  const sides = [
    { field: 'frontHTML', html: front },
    { field: 'backHTML', html: back },
  ] as const;
  const result = await c.render(htmlInput(c, { content: { kind: 'html', sides: [...sides] } }), deps());
  assert.deepEqual(result.warnings, [
    'the document tried to load https://example.com/framed; it was blocked',
  ]);
  const height = async (page: number, text: string) => {
    const [word] = wordsNamedOn(await pageWords(result.pdf, page), text);
    assert.ok(word, `${text} on page ${page}`);
    return word.height;
  };
  // 40px text is about 35 pt high, the default 16px 14 pt
  assert.ok((await height(1, 'frontcell')) < 20, 'quirks mode: the table keeps the default font size');
  assert.ok((await height(2, 'backcell')) > 30, 'standards mode: the table inherits 40px');
  assert.ok((await height(2, 'back')) > 30);
  // the front's red background and text colour stay on the front
  const middle = { x: c.trim[0] / 2, y: c.trim[1] / 2, width: 18, height: 18 };
  assert.ok(countPixels(await zoneRgb(result.pdf, 1, middle), red) > 200);
  const backArt = { x: BLEED + 0.5 * IN, y: BLEED + 0.5 * IN, width: 3 * IN, height: 1.4 * IN };
  assert.equal(countPixels(await zoneRgb(result.pdf, 2, backArt), red), 0, 'nothing red on the back');
});

test('web fonts print on both sides, those used only in print media too', async () => {
  const c = CASES[0];
  const dir = '/usr/share/fonts/truetype/dejavu';
  const font = (file: string) => readFileSync(join(dir, `${file}.ttf`)).toString('base64');
  // each piece loads fonts no earlier piece did, so none is already in Chromium's caches
  const pieces = [
    ['DejaVuSerif-Bold', 'DejaVuSansMono-Oblique'],
    ['DejaVuSerifCondensed-Italic', 'DejaVuSans-ExtraLight'],
    ['DejaVuSansCondensed-BoldOblique', 'DejaVuSerif-BoldItalic'],
  ];
  for (const files of pieces) {
    const sides = files.map((file, i) => {
      const face = `@font-face { font-family: Side; src: url(data:font/ttf;base64,${font(file)}); }`;
      const use = i === 0 ? 'body { font-family: Side }' : '@media print { body { font-family: Side } }';
      const html = `<html><head><style>${face} body { margin: 0.5in; font: 20px sans-serif } ${use}</style></head><body>${file}</body></html>`;
      return { field: c.fields[i], html };
    });
    const input = htmlInput(c, { content: { kind: 'html', sides: [sides[0], sides[1]] } });
    const result = await c.render(input, deps());
    const doc = await PDFDocument.load(result.pdf);
    for (const [i, file] of files.entries()) {
      assert.ok(fontNames(doc, i).includes(file), `page ${i + 1}: ${fontNames(doc, i).join(', ')}`);
    }
  }
});

/** The fonts a page uses, without their subset prefixes (`AAAAAA+`). */
function fontNames(doc: PDFDocument, page: number): string[] {
  const fonts = doc.getPage(page).node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  return (fonts?.values() ?? []).map((ref) => {
    const base = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('BaseFont'), PDFName);
    return base.decodeText().replace(/^[A-Z]{6}\+/, '');
  });
}

test('pieces after other pieces and letters in the same tabs print only their own sides', async () => {
  const c = CASES[0];
  const piece = (name: string, extra = '') => ({
    content: {
      kind: 'html' as const,
      sides: [
        { field: 'frontHTML', html: `${extra}<p style="margin:0.5in">${name} front</p>` },
        { field: 'backHTML', html: `<p style="margin:0.5in">${name} back</p>` },
      ] as [MailpieceSide, MailpieceSide],
    },
  });
  const cases: Array<[string, Case, string]> = [
    // a meta refresh must not replace a side's frame, now or in a later piece
    ['first', c, '<meta http-equiv="refresh" content="0;url=data:text/html,moved">'],
    ['second', c, ''],
    ['other size', CASES[3], ''],
    ['third', c, ''],
  ];
  for (const [name, at, extra] of cases) {
    const result = await at.render(htmlInput(at, piece(name, extra)), deps());
    assert.equal(result.pageCount, 2);
    assert.equal((await pageText(result.pdf, 1)).trim(), `${name} front`);
    // the back's words sit under the return address; the text layer keeps them
    const addresses = [...RETURN_WORDS, ...RECIPIENT_WORDS];
    const back = (await pageWords(result.pdf, 2)).map((w) => w.text).filter((w) => !addresses.includes(w));
    assert.deepEqual(back.sort(), [...name.split(' '), 'back'].sort());
    await assertBoxes(result.pdf, at);
    // a letter in between replaces whatever document a tab held
    await htmlToPdf(pool, '<p>a letter</p>', PAGE_SIZES.us_letter);
  }
});

test('an unknown size is refused on `size`, including another kind’s size', async () => {
  const bytes = await makePdf(450, 306, 2);
  const cases: Array<[Render, string]> = [
    [renderPostcard, '4x6'],
    [renderPostcard, '8.5x11_bifold'],
    [renderPostcard, 'toString'],
    [renderSelfMailer, '6x4'],
    [renderSelfMailer, '8.5x11'],
  ];
  for (const [render, size] of cases) {
    const err = await refusal(render(pdfInput(CASES[0], bytes, { size }), deps()));
    assert.equal(err.field, 'size', size);
    assert.equal(err.code, 'unknown_size');
    assert.match(err.message, new RegExp(`^size: "${size}" is not a`));
  }
});

test('a postcard without a sender has no return address', async () => {
  const c = CASES[1];
  const bytes = await makePdf(c.trim[0] + 2 * BLEED, c.trim[1] + 2 * BLEED, 2, 'artwork');
  const returnZone = onPage(c.format.zones.returnAddress);
  for (const without of [null, undefined]) {
    const result = await c.render(pdfInput(c, bytes, { from: without }), deps());
    await assertAddresses(result.pdf, c, false);
    assert.equal((await pageText(result.pdf, 2, returnZone)).trim(), '');
  }
  // the same zone with a sender carries the return address
  const withSender = await c.render(pdfInput(c, bytes), deps());
  assert.match((await pageText(withSender.pdf, 2, returnZone)).replace(/\s+/g, ' '), /POSTROOM TEST CO/);
});

test('an address the standard font cannot write is printed by Chromium inside the recipient zone', async () => {
  const c = CASES[0];
  const bytes = await makePdf(c.trim[0] + 2 * BLEED, c.trim[1] + 2 * BLEED, 2, 'artwork');
  const cyrillic = { ...to, firstName: 'Ада', lastName: 'Лавлейс' };
  const result = await c.render(pdfInput(c, bytes, { to: cyrillic }), deps());
  const words = await pageWords(result.pdf, 2);
  for (const text of ['АДА', 'ЛАВЛЕЙС', 'SPRINGFIELD']) {
    const [word] = wordsNamedOn(words, text);
    assert.ok(word, `${text} printed`);
    assert.ok(
      inside(word, onPage(c.format.zones.recipient), 0.5),
      `${text} ${show(word)} in the recipient zone`,
    );
  }
});

test('stages run in order and each is reported to observe', async () => {
  const seen: string[] = [];
  const c = CASES[2];
  const bytes = await makePdf(c.trim[0], c.trim[1], 2);
  await c.render(pdfInput(c, bytes), { ...deps(), observe: (stage, ms) => seen.push(`${stage}:${ms >= 0}`) });
  assert.deepEqual(seen, [
    'checkSuppliedPdf:true',
    'printHtmlSides:true',
    'placeOnBleedPages:true',
    'stampAddressPanel:true',
    'setPageBoxes:true',
    'checkMailpiecePages:true',
  ]);
});
