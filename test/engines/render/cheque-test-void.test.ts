import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import type { ChequeRenderInput } from '../../../src/engines/render/cheque/cheque-job.js';
import { renderCheque } from '../../../src/engines/render/cheque/render-cheque.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { countPixels, from, pageText, pageWords, to, zoneRgb } from './pdf-helpers.js';

const IN = 72;
/** The cheque above its clear band: where the void mark goes. */
const FACE = { x: 0, y: 0, width: 612, height: (3.5 - 0.625) * IN };

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
  bank: {
    name: 'First National Bank of Springfield',
    primaryLine: '100 Main Street',
    countryCode: 'US',
    routingNumber: '011000015',
    accountNumber: '123456789',
    signature: { kind: 'text', text: 'Ada Lovelace' },
  },
  ...over,
});

let pool: BrowserPool;
const deps = () => ({ pool, fetchAsset: createAssetFetcher(false) });
before(() => {
  pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
});
after(() => pool.close());

/** The slanted marks come out of pdftotext a letter or two at a time; they are the only words this tall. */
async function slantedLetters(pdf: Uint8Array): Promise<string[]> {
  const words = await pageWords(pdf, 1);
  return words.filter((w) => w.height > 0.4 * IN).flatMap((w) => [...w.text]);
}

const sorted = (text: string) => [...text.replace(/\s/g, '')].sort();
/** The mark's red, at its opacity over white paper. */
const red = (r: number, g: number, b: number) => r > 200 && r - g > 60 && r - b > 60;

test('a test-mode cheque says VOID — TEST MODE across its face, in red, and keeps its MICR line', async () => {
  const result = await renderCheque(cheque({ testMode: true }), deps());
  assert.deepEqual((await slantedLetters(result.pdf)).sort(), sorted('VOID — TEST MODE'));
  const face = await zoneRgb(result.pdf, 1, FACE);
  assert.ok(countPixels(face, red) > 5000, 'the mark is large and red');
  const band = { x: 0, y: FACE.height, width: 612, height: 0.625 * IN - 2 };
  assert.match(await pageText(result.pdf, 1, band), /⑈001234⑈ ⑆011000015⑆ +123456789⑈1234/);
});

test('a live cheque is unchanged: no mark, and the same words in the same places as the test one without it', async () => {
  const live = await renderCheque(cheque(), deps());
  const testMode = await renderCheque(cheque({ testMode: true }), deps());
  assert.deepEqual(await slantedLetters(live.pdf), []);
  assert.equal(countPixels(await zoneRgb(live.pdf, 1, FACE), red), 0);
  const plain = async (pdf: Uint8Array) =>
    (await pageWords(pdf, 1))
      .filter((w) => w.height <= 0.4 * IN)
      .map((w) => JSON.stringify(w))
      .sort();
  assert.deepEqual(await plain(testMode.pdf), await plain(live.pdf));
  const explicit = await renderCheque(cheque({ testMode: false }), deps());
  assert.deepEqual(await plain(explicit.pdf), await plain(live.pdf));
});

test('a digital-only test cheque carries its watermark and the void mark, slanted against each other', async () => {
  const result = await renderCheque(
    cheque({ testMode: true, digitalOnly: { watermark: 'SPECIMEN' } }),
    deps(),
  );
  assert.deepEqual((await slantedLetters(result.pdf)).sort(), sorted('SPECIMEN VOID — TEST MODE'));
  assert.ok(countPixels(await zoneRgb(result.pdf, 1, FACE), red) > 5000);
});
