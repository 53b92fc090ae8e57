import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import type { ChequeRenderInput } from '../../../src/engines/render/cheque/cheque-job.js';
import { renderCheque } from '../../../src/engines/render/cheque/render-cheque.js';
import { decodeImb } from '../../../src/engines/render/index.js';
import { renderSelfMailer } from '../../../src/engines/render/mailpiece/render-mailpiece.js';
import { readImbBars } from '../../helpers/imb-readback.js';
import { from, to } from './pdf-helpers.js';

// The barcode where the envelope's window or the mailing face shows it, read back from the
// pixels, for the kinds the HTTP test does not render (test/print-mail/mail-tracking-barcode.test.ts).
let pool: BrowserPool;
const deps = () => ({ pool, fetchAsset: createAssetFetcher(true) });
const imb = { tracking: '00310123456000000042', routing: '021141234' };
const cheque: ChequeRenderInput = {
  size: 'us_letter',
  number: 1234,
  amount: 123456,
  currencyCode: 'USD',
  date: '2024-01-15',
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
  imb,
};
// The recipient window's top strip (0.5 in from the left, 2 in from the top).
const WINDOW_TOP = { x: 0.52, y: 2.03, width: 3.1, height: 0.185 };

before(() => {
  pool = new BrowserPool({ size: 1 });
});
after(() => pool.close());

test("a cheque's barcode is above the payee in its window; with redirectTo, on the redirect page", async () => {
  const plain = await renderCheque(cheque, deps());
  assert.deepEqual(decodeImb(await readImbBars(plain.pdf, 1, WINDOW_TOP)), imb);
  const redirected = await renderCheque({ ...cheque, redirectTo: to }, deps());
  assert.deepEqual(decodeImb(await readImbBars(redirected.pdf, 1, WINDOW_TOP)), imb);
  await assert.rejects(
    readImbBars(redirected.pdf, 2, WINDOW_TOP),
    /bars, not 65/,
    'none on the cheque itself',
  );
});

test("a trifold self mailer's barcode is in the clear zone at the bottom of its address panel", async () => {
  const sides = [
    { field: 'insideHTML', html: '<p>in</p>' },
    { field: 'outsideHTML', html: '<p>out</p>' },
  ] as const;
  const piece = await renderSelfMailer(
    { size: '8.5x11_trifold', content: { kind: 'html', sides: [...sides] }, to, from, imb },
    deps(),
  );
  // Flat 8.5 x 11 with 1/8 in bleed; the address panel is the middle third (y 3.67-7.33 in of the trim).
  const bottom = 0.125 + 22 / 3 - 0.25;
  const bars = await readImbBars(piece.pdf, 2, {
    x: 0.125 + 8.5 - 4.05,
    y: bottom - 0.2,
    width: 3.15,
    height: 0.25,
  });
  assert.deepEqual(decodeImb(bars), imb);
});
