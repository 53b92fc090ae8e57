import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { ChequeCanvas } from '../../../src/engines/render/cheque/cheque-canvas.js';
import type { ChequeJob, ChequeRenderInput } from '../../../src/engines/render/cheque/cheque-job.js';
import { CHEQUE_STAGES, renderCheque } from '../../../src/engines/render/cheque/render-cheque.js';
import { checkClearBand } from '../../../src/engines/render/cheque/stages/check-clear-band.js';
import { MICR_MARK } from '../../../src/engines/render/cheque/stages/draw-micr-line.js';
import { PdfCheckError, RenderInputError } from '../../../src/engines/render/errors.js';
import { ADDRESS_LAYOUTS, type Zone } from '../../../src/engines/render/pdf/address-zones.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import {
  countPixels,
  from,
  type GrayPixels,
  LETTER,
  makePdf,
  makePng,
  pageSizes,
  pageText,
  pageWords,
  to,
  zoneGray,
  zoneRgb,
} from './pdf-helpers.js';

const IN = 72;
const LEGAL: [number, number] = [612, 1008];
/** The cheque's bottom edge, from the top of the page, and where the standard puts the MICR characters' foot. */
const CHEQUE_BOTTOM = 3.5 * IN;
const MICR_FOOT = CHEQUE_BOTTOM - 0.1875 * IN;
const MICR_HEIGHT = 0.117 * IN;
/** The clear band, stopping 2 pt short of the perforation on the cheque's edge. */
const BAND: Zone = { x: 0, y: CHEQUE_BOTTOM - 0.625 * IN, width: 612, height: 0.625 * IN - 2 };
/** The right edge of MICR position p (1 is the rightmost, 5/16 in from the right edge; 1/8 in cells). */
const cellRight = (p: number) => 612 - 0.3125 * IN - (p - 1) * 0.125 * IN;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const windows = ADDRESS_LAYOUTS.us_letter;
const usBank: ChequeRenderInput['bank'] = {
  name: 'First National Bank of Springfield',
  primaryLine: '100 Main Street',
  secondaryLine: 'Springfield, IL 62701',
  countryCode: 'US',
  routingNumber: '011000015',
  accountNumber: '123456789',
  signature: { kind: 'text', text: 'Ada Lovelace' },
};
const caBank: ChequeRenderInput['bank'] = {
  name: 'Banque Laurentienne',
  primaryLine: '1360 boul. Rene-Levesque O',
  countryCode: 'CA',
  transitNumber: '12345',
  routeNumber: '039',
  accountNumber: '1234-567',
  signature: { kind: 'text', text: 'Charles Babbage' },
};

let pool: BrowserPool;
const deps = () => ({ pool, fetchAsset: createAssetFetcher(true) });
const cheque = (over: Partial<ChequeRenderInput> = {}): ChequeRenderInput => ({
  size: 'us_letter',
  number: 1234,
  amount: 123456,
  currencyCode: 'USD',
  date: '2024-01-15',
  memo: 'Invoice 42',
  message: 'Thank you for your business.',
  to,
  from,
  bank: usBank,
  ...over,
});
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

before(() => {
  pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
});
after(async () => {
  await pool.close();
});

test('page 1 reads as a US cheque: amount in words and figures, payee, memo, number, date, bank, MICR line', async () => {
  const result = await renderCheque(cheque(), deps());
  assert.equal(result.pageCount, 1);
  assert.equal(result.digitalOnly, false);
  assert.deepEqual(result.warnings, []);
  assert.deepEqual(await pageSizes(result.pdf), [LETTER]);
  const text = squash(await pageText(result.pdf, 1));
  assert.match(text, /PAY One thousand two hundred thirty-four and 56\/100 dollars \*+/);
  assert.match(text, /USD \$\**1,234\.56/);
  assert.match(text, /ADA LOVELACE/);
  assert.match(text, /PAY TO Ada Lovelace/);
  assert.match(text, /MEMO Invoice 42/);
  assert.match(text, /CHECK NO\. 1234/);
  assert.match(text, /2024-01-15/);
  assert.match(text, /First National Bank of Springfield/);
  assert.match(text, /Thank you for your business\./);
  // the MICR line, left to right: auxiliary on-us serial, routing, account, serial
  assert.match(text, /⑈001234⑈ ⑆011000015⑆ 123456789⑈1234/);
  const topRight = { x: 6.5 * IN, y: 0.2 * IN, width: 1.8 * IN, height: 0.35 * IN };
  assert.equal(squash(await pageText(result.pdf, 1, topRight)), '1234');
});

test('page 1 reads as a Canadian cheque: ⑆ transit ⑉ institution ⑆, account with the dash symbol, CAD', async () => {
  const result = await renderCheque(
    cheque({ bank: caBank, currencyCode: 'CAD', number: 77, amount: 5, memo: 'Rent' }),
    deps(),
  );
  const text = squash(await pageText(result.pdf, 1));
  assert.match(text, /Zero and 05\/100 dollars/);
  assert.match(text, /CAD \$\**0\.05/);
  assert.match(text, /CHEQUE NO\. 77/);
  assert.match(text, /MEMO Rent/);
  assert.match(text, /Banque Laurentienne/);
  assert.match(text, /⑈000077⑈ ⑆12345⑉039⑆ 1234⑉567⑈/);
});

test('the MICR glyphs sit where the standard says: foot 3/16 in up, 1/8 in pitch, transit at 33–43', async () => {
  const result = await renderCheque(cheque(), deps());
  const dpi = 400;
  const band = await zoneGray(result.pdf, 1, BAND, dpi);
  const pt = (px: number) => (px * 72) / dpi;
  const inked = inkBox(band, 0, band.width);
  assert.ok(inked, 'the band has the MICR line in it');
  const foot = BAND.y + pt(inked.bottom + 1);
  assert.ok(
    Math.abs(foot - MICR_FOOT) <= 0.02 * IN,
    `the characters' foot is ${(CHEQUE_BOTTOM - foot) / IN} in up`,
  );
  const head = BAND.y + pt(inked.top);
  assert.ok(Math.abs(head - (MICR_FOOT - MICR_HEIGHT)) <= 0.02 * IN, 'the digits are 0.117 in tall');

  // every character against the right edge of its own cell; the empty positions stay empty
  const filled = new Set([...range(14, 27), ...range(33, 43), ...range(45, 52)]);
  const cellPixels = (p: number): [number, number] => [
    Math.round(((cellRight(p) - 9) * dpi) / 72),
    Math.round((cellRight(p) * dpi) / 72),
  ];
  for (const p of range(1, 60)) {
    const [x0, x1] = cellPixels(p);
    const box = inkBox(band, x0, x1);
    if (!filled.has(p)) {
      assert.equal(box, null, `position ${p} is blank`);
      continue;
    }
    assert.ok(box, `position ${p} has a character`);
    assert.ok(
      Math.abs(pt(box.right + 1) - cellRight(p)) <= 0.01 * IN,
      `position ${p} ends on its cell's right edge`,
    );
  }
  // positions 43 and 33 hold the same glyph (⑆), unlike the routing digits between them
  const cell = (p: number) => cellBitmap(band, ...cellPixels(p));
  assert.equal(cell(43), cell(33));
  assert.notEqual(cell(43), cell(42));
  assert.notEqual(cell(33), cell(34));

  // the invisible text layer lies on the same cells: ⑆ at 43 to ⑆ at 33
  const transit = (await pageWords(result.pdf, 1)).find((w) => w.text === '⑆011000015⑆');
  assert.ok(transit, 'the transit field is one word');
  assert.ok(Math.abs(transit.x + transit.width - cellRight(33)) < 0.5);
  assert.ok(Math.abs(transit.x - (cellRight(43) - 9)) < 0.5);
  assert.ok(transit.y > BAND.y && transit.y + transit.height < CHEQUE_BOTTOM, 'in the clear band');
});

test('nothing but the MICR line is printed in the clear band, even with everything at its largest', async () => {
  const crowded = cheque({
    to: { ...to, companyName: 'Analytical Engines International', countryCode: 'CA', provinceOrState: 'ON' },
    memo: 'A memo much longer than the memo line has room for, to see it stay on its line',
    bank: {
      ...usBank,
      name: 'The First National Bank and Trust Company of Springfield and Shelbyville',
      signature: { kind: 'image', bytes: makePng(40, 200, [20, 20, 200]) },
    },
    amount: 9_999_999_999,
    logo: makePng(30, 300, [200, 20, 20]),
  });
  for (const input of [crowded, { ...crowded, digitalOnly: { watermark: 'VOID' } }]) {
    const result = await renderCheque(input, deps());
    const pixels = await zoneRgb(result.pdf, 1, BAND);
    const micr = {
      x0: Math.floor(cellRight(52) - 9) - 1,
      x1: Math.ceil(cellRight(14)) + 1,
      y0: Math.floor(MICR_FOOT - MICR_HEIGHT - BAND.y) - 1,
      y1: Math.ceil(MICR_FOOT - BAND.y) + 1,
    };
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0; x < pixels.width; x++) {
        const i = (y * pixels.width + x) * 3;
        const white = pixels.data[i] > 245 && pixels.data[i + 1] > 245 && pixels.data[i + 2] > 245;
        if (white) continue;
        const inMicr = x >= micr.x0 && x < micr.x1 && y >= micr.y0 && y < micr.y1;
        if (inMicr) inside++;
        else outside++;
      }
    }
    assert.ok(inside > 50, 'the MICR line is printed');
    assert.equal(outside, 0, 'nothing else is printed in the band');
  }
});

test('the clear-band stage refuses a layout that prints in the band', async () => {
  const doc = await PDFDocument.create();
  const canvas = new ChequeCanvas(doc.addPage([612, 792]), new Set());
  const job = { input: cheque(), size: PAGE_SIZES.us_letter, warnings: new Set(), canvas } as ChequeJob;
  canvas.mark(MICR_MARK, { x: 100, y: MICR_FOOT - MICR_HEIGHT, width: 400, height: MICR_HEIGHT });
  canvas.mark('memo', { x: 300, y: 180, width: 100, height: 20 });
  canvas.mark('perforation', { x: 0, y: CHEQUE_BOTTOM - 0.25, width: 612, height: 0.5 });
  await checkClearBand(job, deps());
  canvas.mark('signature', { x: 440, y: 190, width: 140, height: 25 });
  await assert.rejects(checkClearBand(job, deps()), /prints signature in the MICR clear band/);
});

test('the payee is in the recipient window and the drawer in the return window, as on a letter', async () => {
  const result = await renderCheque(cheque(), deps());
  const payee = squash(await pageText(result.pdf, 1, windows.recipientZone));
  assert.equal(payee, 'ADA LOVELACE 12 ANALYTICAL WAY SUITE 3 SPRINGFIELD IL 62701');
  const drawer = squash(await pageText(result.pdf, 1, windows.returnZone));
  assert.equal(drawer, 'POSTROOM TEST CO 1 SENDER RD AUSTIN TX 73301');
  const words = await pageWords(result.pdf, 1);
  const inside = (w: Zone, z: Zone) =>
    w.x >= z.x && w.y >= z.y && w.x + w.width <= z.x + z.width && w.y + w.height <= z.y + z.height;
  for (const [text, zone] of [
    ['LOVELACE', windows.recipientZone],
    ['62701', windows.recipientZone],
    ['POSTROOM', windows.returnZone],
    ['73301', windows.returnZone],
  ] as const) {
    const found = words.filter((w) => w.text === text && inside(w, zone));
    assert.equal(found.length, 1, `${text} inside its window`);
  }
});

test('redirectTo: an address page in front, addressed there; the cheque behind it unchanged', async () => {
  const office = {
    companyName: 'Signing Office',
    addressLine1: '9 Office Park',
    city: 'Dallas',
    provinceOrState: 'TX',
    postalOrZip: '75201',
    countryCode: 'US',
  };
  const result = await renderCheque(cheque({ redirectTo: office }), deps());
  assert.equal(result.pageCount, 2);
  assert.equal(
    squash(await pageText(result.pdf, 1, windows.recipientZone)),
    'SIGNING OFFICE 9 OFFICE PARK DALLAS TX 75201',
  );
  assert.doesNotMatch(await pageText(result.pdf, 1), /LOVELACE|⑆/, 'the redirect page carries no cheque');
  const payee = squash(await pageText(result.pdf, 2, windows.recipientZone));
  assert.equal(payee, 'ADA LOVELACE 12 ANALYTICAL WAY SUITE 3 SPRINGFIELD IL 62701');
  assert.match(await pageText(result.pdf, 2), /⑆011000015⑆/);
});

test('us_legal: an 8.5 × 14 in cheque page with the cheque and MICR line at the same place', async () => {
  const result = await renderCheque(cheque({ size: 'us_legal' }), deps());
  assert.deepEqual(await pageSizes(result.pdf), [LEGAL]);
  const transit = (await pageWords(result.pdf, 1)).find((w) => w.text === '⑆011000015⑆');
  assert.ok(transit);
  assert.ok(transit.y > BAND.y && transit.y + transit.height < CHEQUE_BOTTOM);
  assert.match(squash(await pageText(result.pdf, 1)), /Thank you for your business\./);
});

test('digital-only: a watermark across the cheque and no perforation; printed: a perforation', async () => {
  const tearLine = { x: 0, y: CHEQUE_BOTTOM - 2, width: 612, height: 4 };
  const inked = (p: Awaited<ReturnType<typeof zoneRgb>>) =>
    countPixels(p, (r, g, b) => r < 240 || g < 240 || b < 240);
  const printed = await renderCheque(cheque(), deps());
  assert.ok(
    inked(await zoneRgb(printed.pdf, 1, tearLine)) > 100,
    'the printed cheque has its perforation line',
  );
  assert.equal(await watermarkText(printed.pdf), '');

  const digital = await renderCheque(cheque({ digitalOnly: { watermark: '' } }), deps());
  assert.equal(digital.digitalOnly, true);
  assert.equal(inked(await zoneRgb(digital.pdf, 1, tearLine)), 0, 'no perforation line');
  assert.equal(await watermarkText(digital.pdf), 'VOID');
  const chequeArea = { x: 0, y: 0, width: 612, height: BAND.y };
  const grey = (r: number, g: number, b: number) => r === g && g === b && r > 150 && r < 245;
  const printedGrey = countPixels(await zoneRgb(printed.pdf, 1, chequeArea), grey);
  const digitalGrey = countPixels(await zoneRgb(digital.pdf, 1, chequeArea), grey);
  assert.ok(digitalGrey > printedGrey + 2000, 'the watermark is large and light');

  const specimen = await renderCheque(cheque({ digitalOnly: { watermark: 'SPECIMEN' } }), deps());
  assert.equal(await watermarkText(specimen.pdf), 'SPECIMEN');
});

test('a signature image is drawn on the signature line; a text signature is written there', async () => {
  const signatureZone = { x: 6.2 * IN, y: 2.0 * IN, width: 2.0 * IN, height: 0.8 * IN };
  const blue = (r: number, g: number, b: number) => b > 150 && r < 80 && g < 80;
  const image = await renderCheque(
    cheque({ bank: { ...usBank, signature: { kind: 'image', bytes: makePng(120, 30, [20, 20, 200]) } } }),
    deps(),
  );
  assert.ok(countPixels(await zoneRgb(image.pdf, 1, signatureZone), blue) > 1000);
  const text = await renderCheque(cheque(), deps());
  assert.equal(countPixels(await zoneRgb(text.pdf, 1, signatureZone), blue), 0);
  assert.match(squash(await pageText(text.pdf, 1, signatureZone)), /Ada Lovelace AUTHORIZED SIGNATURE/);
});

test('a letter in HTML is printed on the pages after the cheque page', async () => {
  const html =
    '<html><body style="margin:1in"><p style="page-break-after:always">Letter page one</p><p>Letter page two</p></body></html>';
  const result = await renderCheque(cheque({ letter: { kind: 'html', html, field: 'letter.html' } }), deps());
  assert.equal(result.pageCount, 3);
  assert.deepEqual(await pageSizes(result.pdf), [LETTER, LETTER, LETTER]);
  assert.match(await pageText(result.pdf, 1), /⑆011000015⑆/);
  assert.match(await pageText(result.pdf, 2), /Letter page one/);
  assert.match(await pageText(result.pdf, 3), /Letter page two/);
});

test('a letter PDF is checked at the sheet size and follows the cheque page', async () => {
  const legal = await renderCheque(
    cheque({
      size: 'us_legal',
      letter: { kind: 'pdf', bytes: await makePdf(612, 1008, 2, 'letter'), field: 'letter.pdf' },
    }),
    deps(),
  );
  assert.equal(legal.pageCount, 3);
  assert.deepEqual(await pageSizes(legal.pdf), [LEGAL, LEGAL, LEGAL]);
  assert.match(await pageText(legal.pdf, 2), /letter page 1/);
  assert.match(await pageText(legal.pdf, 3), /letter page 2/);

  const wrongSize = cheque({
    size: 'us_legal',
    letter: { kind: 'pdf', bytes: await makePdf(612, 792, 1), field: 'letter.pdf' },
  });
  await assert.rejects(renderCheque(wrongSize, deps()), (err: unknown) => {
    assert.ok(err instanceof PdfCheckError);
    assert.equal(err.field, 'letter.pdf');
    assert.equal(err.code, 'page_size');
    return true;
  });
  const tooLong = cheque({
    letter: { kind: 'pdf', bytes: await makePdf(612, 792, 60), field: 'letter.pdf' },
  });
  await assert.rejects(renderCheque(tooLong, deps()), (err: unknown) => {
    assert.ok(err instanceof PdfCheckError);
    assert.equal(err.field, 'letter.pdf');
    assert.equal(err.code, 'too_many_pages');
    return true;
  });
});

test('bad input the API should have caught is refused, naming the field', async () => {
  const refusals: Array<[Partial<ChequeRenderInput>, string]> = [
    [{ amount: 0 }, 'amount'],
    [{ amount: 12.5 }, 'amount'],
    [{ amount: 10_000_000_000 }, 'amount'],
    [{ bank: { ...usBank, routingNumber: '011000016' } }, 'bank.routingNumber'],
    [{ bank: { ...usBank, routingNumber: null } }, 'bank.routingNumber'],
    [{ bank: { ...usBank, accountNumber: '12345X789' } }, 'bank.accountNumber'],
    [{ bank: { ...usBank, accountNumber: '1'.repeat(18) } }, 'bank.accountNumber'],
    [
      {
        bank: { ...usBank, signature: { kind: 'image', bytes: Buffer.from('GIF89a not an image we take') } },
      },
      'bank.signature',
    ],
    [
      {
        bank: { ...usBank, signature: { kind: 'image', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]) } },
      },
      'bank.signature',
    ],
    [{ bank: { ...caBank, transitNumber: '1234' } }, 'bank.transitNumber'],
    [{ bank: { ...caBank, routeNumber: null } }, 'bank.routeNumber'],
    [{ date: '2024-02-30' }, 'date'],
    [{ number: 0 }, 'number'],
    [{ logo: Buffer.from('%PDF-1.7') }, 'logo'],
  ];
  for (const [over, field] of refusals) {
    await assert.rejects(renderCheque(cheque(over), deps()), (err: unknown) => {
      assert.ok(err instanceof RenderInputError, `${field}: ${err}`);
      assert.equal(err.field, field);
      assert.ok(err.message.startsWith(`${field}: `), err.message);
      return true;
    });
  }
});

test('every stage is reported to observe, in order', async () => {
  const seen: string[] = [];
  await renderCheque(cheque(), { ...deps(), observe: (stage) => seen.push(stage) });
  assert.deepEqual(
    seen,
    CHEQUE_STAGES.map((stage) => stage.name),
  );
  assert.ok(seen.includes('drawMicrLine') && seen.includes('checkClearBand'));
});

test('text too long for its place is shortened with a warning, never spilled', async () => {
  const result = await renderCheque(
    cheque({ memo: 'M'.repeat(200), message: 'Long message line. '.repeat(400) }),
    deps(),
  );
  assert.equal(result.pageCount, 1);
  assert.ok(result.warnings.some((w) => w.startsWith('memo:')));
  assert.ok(result.warnings.some((w) => w.startsWith('message:')));
  assert.match(squash(await pageText(result.pdf, 1)), /Long message line\. .*…/);
});

/** The big slanted letters on page 1, left to right: extraction gives a slanted word letter by letter. */
async function watermarkText(pdf: Uint8Array): Promise<string> {
  const words = await pageWords(pdf, 1);
  return words
    .filter((w) => w.text.length === 1 && w.height > 0.5 * IN)
    .sort((a, b) => a.x - b.x)
    .map((w) => w.text)
    .join('');
}

/** The ink (dark pixels) between columns x0 and x1: its bounding rows and columns, or null. */
function inkBox(pixels: GrayPixels, x0: number, x1: number) {
  let box: { top: number; bottom: number; left: number; right: number } | null = null;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = Math.max(0, x0); x < Math.min(pixels.width, x1); x++) {
      if (pixels.data[y * pixels.width + x] >= 128) continue;
      box = box ?? { top: y, bottom: y, left: x, right: x };
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
    }
  }
  return box;
}

/** A cell's ink as text, one row per line, to compare glyphs at their places. */
function cellBitmap(pixels: GrayPixels, x0: number, x1: number): string {
  const rows: string[] = [];
  for (let y = 0; y < pixels.height; y++) {
    let row = '';
    for (let x = x0; x < x1; x++) row += pixels.data[y * pixels.width + x] < 128 ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}
