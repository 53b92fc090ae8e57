import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { pageWords } from '../engines/render/pdf-helpers.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf } from '../helpers/letters.js';
import { waitForOrder } from '../helpers/orders.js';

const CHEQUES = '/print-mail/v1/cheques';
const BOXES = '/print-mail/v1/boxes';
const bank = {
  bankName: 'First Test Bank',
  bankPrimaryLine: '100 Main St',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Bob Sender',
};
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** A key of that mode and a bank account of its own. */
async function account(mode: 'test' | 'live') {
  const key = await server.key({ org: 'cheques-void', mode });
  const res = await server.request('POST', '/print-mail/v1/bank_accounts', { key, json: bank });
  assert.equal(res.status, 201, res.text);
  return { key, bankAccount: res.body.id as string };
}

async function renderedPdf(key: string, path: string, json: unknown): Promise<Buffer> {
  const res = await server.request('POST', path, { key, json });
  assert.equal(res.status, 201, res.text);
  const done = await waitForOrder(server, key, path, res.body.id);
  assert.ok(done.url, JSON.stringify(done.cancellation));
  return fetchPdf(done.url);
}

/** The letters of the slanted mark across the cheque: the only words this tall. */
async function markOn(pdf: Buffer, page: number): Promise<string> {
  const words = await pageWords(pdf, page);
  return words
    .filter((w) => w.height > 0.4 * 72)
    .flatMap((w) => [...w.text])
    .sort()
    .join('');
}
const MARK = [...'VOID—TESTMODE'].sort().join('');

test('a cheque made with a test key is marked VOID — TEST MODE; a live one is not', async () => {
  const test = await account('test');
  const body = (bankAccount: string) => ({ to: alice, from: bob, bankAccount, amount: 123456 });
  assert.equal(await markOn(await renderedPdf(test.key, CHEQUES, body(test.bankAccount)), 1), MARK);
  const live = await account('live');
  assert.equal(await markOn(await renderedPdf(live.key, CHEQUES, body(live.bankAccount)), 1), '');
});

test('every cheque of a test box is marked; the packing page is not a cheque and is not', async () => {
  const { key, bankAccount } = await account('test');
  const cheques = [
    { bankAccount, amount: 2500 },
    { bankAccount, amount: 7500 },
  ];
  const pdf = await renderedPdf(key, BOXES, { to: alice, from: bob, cheques });
  assert.equal(await markOn(pdf, 1), '');
  assert.equal(await markOn(pdf, 2), MARK);
  assert.equal(await markOn(pdf, 3), MARK);
});
