import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import type { BoxRenderInput } from '../../../src/engines/render/box/box-job.js';
import { BOX_STAGES, renderBox } from '../../../src/engines/render/box/render-box.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import type { ChequeRenderInput } from '../../../src/engines/render/cheque/cheque-job.js';
import { RenderInputError } from '../../../src/engines/render/errors.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { pageText } from './pdf-helpers.js';

const to = {
  companyName: 'Payee Co',
  addressLine1: '2 Payee Rd',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
};
const from = {
  companyName: 'Drawer Inc',
  addressLine1: '1 Drawer Rd',
  city: 'Austin',
  provinceOrState: 'TX',
  postalOrZip: '73301',
  countryCode: 'US',
};
const cheque = (number: number, amount: number): ChequeRenderInput => ({
  size: 'us_letter',
  number,
  amount,
  currencyCode: 'USD',
  date: '2026-11-24',
  to,
  from,
  bank: {
    name: 'Box Bank',
    primaryLine: '1 Vault St',
    countryCode: 'US',
    routingNumber: '011000015',
    accountNumber: '44443333',
    signature: { kind: 'text', text: 'Treasurer' },
  },
});

let pool: BrowserPool;
const deps = () => ({ pool, fetchAsset: createAssetFetcher(true) });
before(() => {
  pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
});
after(() => pool.close());

test('a packing page with the addresses and the list, then each cheque in order', async () => {
  const input: BoxRenderInput = { to, from, cheques: [cheque(11, 2500), cheque(12, 7500), cheque(13, 100)] };
  const seen: string[] = [];
  const box = await renderBox(input, { ...deps(), observe: (stage) => seen.push(stage) });
  const boxStages = BOX_STAGES.map((s) => s.name);
  // Each cheque's own stages are reported too, between the box's.
  assert.deepEqual(
    seen.filter((name) => boxStages.includes(name)),
    boxStages,
  );
  assert.equal(seen.filter((name) => name === 'drawMicrLine').length, 3);
  assert.equal(box.pageCount, 4);
  const packing = (await pageText(box.pdf, 1)).replace(/\s+/g, ' ');
  assert.match(packing, /PAYEE CO/);
  assert.match(packing, /Box of 3 cheques/);
  assert.match(packing, /No\. 11 25\.00 USD p\. 2 .*No\. 12 75\.00 USD p\. 3 .*No\. 13 1\.00 USD p\. 4/);
  assert.match(await pageText(box.pdf, 3), /Seventy-five and 00\/100 dollars/);
  assert.match(await pageText(box.pdf, 4), /⑆011000015⑆/);
});

test('a bad cheque is refused naming it; an empty box or one over 100 is refused', async () => {
  await assert.rejects(
    renderBox({ to, from, cheques: [cheque(1, 100), cheque(2, 0)] }, deps()),
    (err: unknown) => err instanceof RenderInputError && err.field === 'cheques[1].amount',
  );
  for (const cheques of [[], Array.from({ length: 101 }, (_, i) => cheque(i + 1, 100))])
    await assert.rejects(
      renderBox({ to, from, cheques }, deps()),
      (err: unknown) => err instanceof RenderInputError && err.field === 'cheques',
    );
});
