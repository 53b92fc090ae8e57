import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDocument, PDFName, type PDFNumber } from 'pdf-lib';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import type { ChequeRenderInput } from '../../../src/engines/render/cheque/cheque-job.js';
import type { MailpieceRenderInput } from '../../../src/engines/render/mailpiece/mailpiece-job.js';
import { POSTCARD_FORMATS } from '../../../src/engines/render/mailpiece/postcard-formats.js';
import { SELF_MAILER_FORMATS } from '../../../src/engines/render/mailpiece/self-mailer-formats.js';
import { SNAP_PACK_FORMATS } from '../../../src/engines/render/mailpiece/snap-pack-formats.js';
import type { Zone } from '../../../src/engines/render/pdf/address-zones.js';
import type { RenderJob } from '../../../src/engines/render/render-job.js';
import { RENDER_PIPELINES, renderJob } from '../../../src/engines/render/render-pipelines.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { pageWords, type WordBox } from './pdf-helpers.js';

const IN = 72;
/** The margin of a sheet without bleed (letters, cheques, boxes, cards): docs/rendering.md, *Safe margins*. */
const MARGIN = 0.25 * IN;
/** pdftotext rounds its boxes and pads glyphs a little; a word this much past the line is still inside. */
const SLACK = 0.5;

/** Customer content with no words, so every word on a page is one Postroom printed. */
const BLANK = '<!doctype html><html><body style="margin:0;background:#fff"></body></html>';

/** Contacts as long as the zones take, so fitted text reaches the zones' edges. */
const to = {
  firstName: 'Maximiliana',
  lastName: 'Wolfeschlegelsteinhausen-Bergerdorff',
  companyName: 'Worldwide Manufacturing & Distribution Holdings Incorporated',
  addressLine1: '12345 West Commonwealth Boulevard Northwest',
  addressLine2: 'Suite 9999, Building WW, Mailstop MMMM',
  city: 'Rancho Santa Margarita',
  provinceOrState: 'CA',
  postalOrZip: '92688-1234',
  countryCode: 'US',
};
const from = { ...to, firstName: 'Wilhelmina', companyName: 'Postroom Margin Test Mailing Company' };
const abroad = {
  ...to,
  city: 'Mississauga',
  provinceOrState: 'ON',
  postalOrZip: 'L5B 3C2',
  countryCode: 'CA',
};

const usBank: ChequeRenderInput['bank'] = {
  name: 'The First National Bank and Trust Company of the Greater Springfield Metropolitan Area',
  primaryLine: '100 Main Street, Tower WWWW, Floor 99',
  secondaryLine: 'Springfield, IL 62701-0000 United States',
  countryCode: 'US',
  routingNumber: '011000015',
  accountNumber: '12345678901234',
  signature: { kind: 'text', text: 'Wilhelmina Wolfeschlegelsteinhausen' },
};
const caBank: ChequeRenderInput['bank'] = {
  ...usBank,
  countryCode: 'CA',
  routingNumber: null,
  transitNumber: '12345',
  routeNumber: '039',
  accountNumber: '1234-5678-9012',
};

const cheque = (over: Partial<ChequeRenderInput> = {}): ChequeRenderInput => ({
  size: 'us_letter',
  number: 99999999,
  amount: 9999999999,
  currencyCode: 'USD',
  date: '2024-12-31',
  memo: 'Invoice WWWW-9999 for everything delivered this quarter',
  message: 'WWWW '.repeat(400),
  to,
  from,
  bank: usBank,
  ...over,
});

const piece = (size: string): MailpieceRenderInput => ({
  size,
  content: {
    kind: 'html',
    sides: [
      { field: 'front', html: BLANK },
      { field: 'back', html: BLANK },
    ],
  },
  to,
  from,
});

const letter = (over: Partial<Extract<RenderJob, { kind: 'letter' }>['input']> = {}): RenderJob => ({
  kind: 'letter',
  input: {
    size: 'us_letter',
    content: { kind: 'html', html: BLANK },
    to,
    from,
    addressPlacement: 'top_first_page',
    doubleSided: false,
    color: false,
    ...over,
  },
});

/** Every kind, every size, and each way a kind prints differently (test mode, digital-only, redirected, abroad). */
const CASES: Array<[string, RenderJob]> = [
  ['letter us_letter', letter()],
  ['letter a4, abroad', letter({ size: 'a4', to: abroad })],
  ['letter address page, double-sided', letter({ addressPlacement: 'insert_blank_page', doubleSided: true })],
  [
    'letter with a plastic card',
    letter({
      plasticCard: {
        kind: 'html',
        sides: [
          { field: 'plasticCard.doubleSided.frontHTML', html: BLANK },
          { field: 'plasticCard.doubleSided.backHTML', html: BLANK },
        ],
      },
    }),
  ],
  ...Object.keys(POSTCARD_FORMATS).map((size): [string, RenderJob] => [
    `postcard ${size}`,
    { kind: 'postcard', input: piece(size) },
  ]),
  ...Object.keys(SELF_MAILER_FORMATS).map((size): [string, RenderJob] => [
    `self mailer ${size}`,
    { kind: 'self_mailer', input: piece(size) },
  ]),
  ...Object.keys(SNAP_PACK_FORMATS).map((size): [string, RenderJob] => [
    `snap pack ${size}`,
    { kind: 'snap_pack', input: piece(size) },
  ]),
  ['cheque live', { kind: 'cheque', input: cheque() }],
  ['cheque test mode', { kind: 'cheque', input: cheque({ testMode: true }) }],
  [
    'cheque digital-only, test mode',
    {
      kind: 'cheque',
      input: cheque({ testMode: true, digitalOnly: { watermark: 'NOT NEGOTIABLE SPECIMEN' } }),
    },
  ],
  [
    'cheque us_legal, Canadian, with a letter, redirected',
    {
      kind: 'cheque',
      input: cheque({
        size: 'us_legal',
        bank: caBank,
        currencyCode: 'CAD',
        to: abroad,
        letter: { kind: 'html', html: BLANK, field: 'letterHTML' },
        redirectTo: to,
      }),
    },
  ],
  [
    'box of 60 test cheques',
    {
      kind: 'box',
      input: {
        to,
        from,
        cheques: Array.from({ length: 60 }, (_, i) => cheque({ number: 100000 + i, testMode: true })),
      },
    },
  ],
];

let pool: BrowserPool;
before(() => {
  pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
});
after(() => pool.close());

test('the cases cover every kind the render engine has', () => {
  const covered = new Set(CASES.map(([, job]) => job.kind));
  assert.deepEqual(
    Object.keys(RENDER_PIPELINES).filter((kind) => !covered.has(kind as RenderJob['kind'])),
    [],
  );
});

for (const [name, job] of CASES) {
  test(`${name}: every word Postroom prints is inside the safe margin`, async () => {
    const result = await renderJob(job, { pool, fetchAsset: createAssetFetcher(false) });
    const files = [result.pdf, ...Object.values(result.companions)];
    let words = 0;
    for (const pdf of files) {
      const safe = await safeAreas(pdf);
      for (const [i, area] of safe.entries()) {
        const onPage = await pageWords(pdf, i + 1);
        words += onPage.length;
        const outside = onPage.filter((w) => !inside(w, area)).map((w) => describe(w, area));
        assert.deepEqual(outside, [], `page ${i + 1}: words outside the safe area`);
      }
    }
    assert.ok(words > 0, 'the render printed words to check');
  });
}

/**
 * Each page's safe area, in pdftotext's coordinates (points from the top-left): the ArtBox
 * where the piece sets one (a mail piece's safe area, 1/8 in inside its trim), otherwise the
 * page less the 0.25 in margin.
 */
async function safeAreas(pdf: Uint8Array): Promise<Zone[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    const art = page.node.get(PDFName.of('ArtBox'));
    if (!(art instanceof PDFArray))
      return { x: MARGIN, y: MARGIN, width: width - 2 * MARGIN, height: height - 2 * MARGIN };
    const [x0, y0, x1, y1] = art.asArray().map((n) => (n as PDFNumber).asNumber());
    return { x: x0, y: height - y1, width: x1 - x0, height: y1 - y0 };
  });
}

function inside(w: WordBox, area: Zone): boolean {
  return (
    w.x >= area.x - SLACK &&
    w.y >= area.y - SLACK &&
    w.x + w.width <= area.x + area.width + SLACK &&
    w.y + w.height <= area.y + area.height + SLACK
  );
}

function describe(w: WordBox, area: Zone): string {
  const inches = (pt: number) => (pt / IN).toFixed(3);
  const gaps = [
    w.x - area.x,
    w.y - area.y,
    area.x + area.width - w.x - w.width,
    area.y + area.height - w.y - w.height,
  ];
  return `"${w.text}" at ${inches(w.x)}, ${inches(w.y)} in (left/top/right/bottom room ${gaps.map(inches).join('/')} in)`;
}
