import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pageWords } from '../engines/render/pdf-helpers.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, makePdf, pdfText } from '../helpers/letters.js';
import { orderContract } from '../helpers/order-contract.js';
import { badInputCases, waitForOrder } from '../helpers/orders.js';

const CHEQUES = '/print-mail/v1/cheques';
const BANK_ACCOUNTS = '/print-mail/v1/bank_accounts';
let server: TestServer;
let key: string;
let bankAccount: string;

const usBank = {
  bankName: 'First Test Bank',
  bankPrimaryLine: '100 Main St',
  bankSecondaryLine: 'Springfield IL 62701',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Bob Sender',
};
const caBank = {
  bankName: 'Banque Test',
  bankPrimaryLine: '1 rue Principale',
  bankCountryCode: 'CA',
  accountNumber: '1234567',
  transitNumber: '12345',
  routeNumber: '003',
  signatureText: 'Bob',
};

async function bankAccountFor(
  s: TestServer,
  k: string,
  body: Record<string, unknown> = usBank,
): Promise<string> {
  const res = await s.request('POST', BANK_ACCOUNTS, { key: k, json: body });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'cheques-org' });
  bankAccount = await bankAccountFor(server, key);
});
after(() => server.close());

const chequeBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  bankAccount,
  amount: 123456,
  memo: 'Invoice 42',
  ...extra,
});
const create = (json: unknown, k = key) => server.request('POST', CHEQUES, { key: k, json });
const rendered = async (body: unknown) => {
  const res = await create(body);
  assert.equal(res.status, 201, res.text);
  const cheque = await waitForOrder(server, key, CHEQUES, res.body.id);
  assert.ok(cheque.url, JSON.stringify(cheque.cancellation));
  return { cheque, pdf: await fetchPdf(cheque.url) };
};

orderContract(() => server, {
  object: 'cheque',
  path: CHEQUES,
  table: 'cheques',
  prepare: async (s, k) => ({ bankAccount: await bankAccountFor(s, k) }),
  htmlBody: (ctx) => ({
    to: alice,
    from: bob,
    bankAccount: ctx.bankAccount,
    amount: 5000,
    letterHTML: '<p>Your refund, ref {{code}}</p>',
    mergeVariables: { code: 'Z-42' },
  }),
  templateBody: async (template, ctx) => ({
    to: alice,
    from: bob,
    bankAccount: ctx.bankAccount,
    amount: 5000,
    letterTemplate: await template('<p>Your refund, ref {{code}}</p>'),
    mergeVariables: { code: 'Z-42' },
  }),
  pdfBody: (ctx) => ({ to: alice, from: bob, bankAccount: ctx.bankAccount, amount: 5000, memo: 'Supplied' }),
  pdfField: 'letterPDF',
  linksUploadedPdf: false,
  contentPdf: () => makePdf('Supplied', 2),
  unprintable: (ctx) => ({
    to: alice,
    from: bob,
    bankAccount: ctx.bankAccount,
    amount: 5000,
    letterHTML: `<img src="${server.url}/nothing-here.png"><p>Z-42</p>`,
  }),
  pages: { html: 2, pdf: 3 },
});

describe('cheques: create', () => {
  test('numbers count up per organization and mode; a number given by hand moves the count past it', async () => {
    const k = await server.key({ org: 'cheques-numbers' });
    const bank = await bankAccountFor(server, k);
    const body = { ...chequeBody(), bankAccount: bank };
    const first = (await create(body, k)).body;
    const second = (await create(body, k)).body;
    assert.deepEqual([first.number, second.number], [1, 2]);
    const byHand = await create({ ...body, number: 100 }, k);
    assert.equal(byHand.status, 201, byHand.text);
    assert.equal((await create(body, k)).body.number, 101);
    const again = await create({ ...body, number: 100 }, k);
    assert.equal(again.status, 400);
    assert.match(again.body.error.message, /^number 100 is already the number of cheque cheque_/);
    const live = await server.key({ org: 'cheques-numbers', mode: 'live' });
    const liveBank = await bankAccountFor(server, live);
    assert.equal(
      (await create({ ...body, bankAccount: liveBank }, live)).body.number,
      1,
      'live counts apart',
    );
  });

  test('concurrent creates never share a number', async () => {
    const k = await server.key({ org: 'cheques-race' });
    const bank = await bankAccountFor(server, k);
    const made = await Promise.all(
      Array.from({ length: 15 }, () => create({ ...chequeBody(), bankAccount: bank }, k)),
    );
    assert.deepEqual(
      made.map((r) => r.status),
      made.map(() => 201),
    );
    assert.equal(new Set(made.map((r) => r.body.number)).size, 15);
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => create({ ...chequeBody(), bankAccount: bank, number: 500 }, k)),
    );
    assert.deepEqual(racing.map((r) => r.status).sort(), [201, 400, 400, 400, 400, 400]);
  });

  test('every field returned; currency follows the bank account; digital-only and redirectTo', async () => {
    const res = await create(
      chequeBody({
        message: 'Thanks for your business',
        description: 'Refund',
        size: 'us_legal',
        digitalOnly: { watermark: 'SPECIMEN' },
        redirectTo: {
          companyName: 'Signing Office',
          addressLine1: '9 Office Park',
          city: 'Dallas',
          provinceOrState: 'TX',
          postalOrZip: '75201',
          countryCode: 'US',
        },
      }),
    );
    assert.equal(res.status, 201, res.text);
    const c = res.body;
    assert.deepEqual(
      [
        c.object,
        c.bankAccount,
        c.amount,
        c.currencyCode,
        c.memo,
        c.size,
        c.envelope,
        c.digitalOnly.watermark,
      ],
      ['cheque', bankAccount, 123456, 'USD', 'Invoice 42', 'us_legal', 'standard', 'SPECIMEN'],
    );
    assert.equal(c.redirectTo.companyName, 'Signing Office');
    assert.match(c.redirectTo.id, /^contact_/);
    const caAccount = await bankAccountFor(server, key, caBank);
    assert.equal((await create(chequeBody({ bankAccount: caAccount }))).body.currencyCode, 'CAD');
    assert.equal(
      (await create(chequeBody({ bankAccount: caAccount, currencyCode: 'USD' }))).body.currencyCode,
      'USD',
    );
  });

  badInputCases(() => server, CHEQUES, chequeBody, [
    ['zero amount', { amount: 0 }, /amount/],
    ['negative amount', { amount: -5 }, /amount/],
    ['fractional amount', { amount: 12.5 }, /amount/],
    ['huge amount', { amount: 1e13 }, /amount/],
    ['unknown currency', { currencyCode: 'EUR' }, /currencyCode/],
    [
      'unknown bank account',
      { bankAccount: 'bank_account_1111111111111111111111' },
      /^bankAccount refers to bank account/,
    ],
    [
      'not a bank account id',
      { bankAccount: 'contact_1111111111111111111111' },
      /^bankAccount must be a bank account id/,
    ],
    ['no bank account', { bankAccount: undefined }, /bankAccount/],
    [
      'two letters',
      { letterHTML: '<p>a</p>', letterTemplate: 'template_1111111111111111111111' },
      /^letterHTML and letterTemplate cannot be combined/,
    ],
    ['bad size', { size: 'a4' }, /size/],
    ['no sender', { from: undefined }, /from/],
  ]);

  test("another organization's bank account is a 400; nothing is written", async () => {
    const other = await server.key({ org: 'cheques-other' });
    const res = await create(chequeBody(), other);
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /^bankAccount refers to bank account/);
    assert.equal((await server.request('GET', CHEQUES, { key: other })).body.totalCount, 0);
  });
});

describe('cheques: the PDF', () => {
  test('pdftotext reads the amount in words, payee, memo and the MICR digits in order', async () => {
    const { cheque, pdf } = await rendered(chequeBody());
    const text = await pdfText(pdf, { page: 1 });
    assert.match(text, /One thousand two hundred thirty-four and 56\/100/i);
    assert.match(text, /1,234\.56/);
    assert.match(text, /ALICE READER/);
    assert.match(text, /Invoice 42/);
    // In reading order: the serial (auxiliary on-us field), the routing number, the account.
    const serial = text.indexOf(`⑈${String(cheque.number).padStart(6, '0')}⑈`);
    const routing = text.indexOf('⑆011000015⑆');
    const account = text.indexOf('000123456789⑈');
    assert.ok(serial >= 0 && routing > serial && account > routing, `the MICR fields in order in ${text}`);
    assert.doesNotMatch(JSON.stringify(cheque), /000123456789/, 'the full number only in the PDF');
  });

  test('redirectTo puts an address page in front; digital-only cheques have a deposit-ready link', async () => {
    const { cheque, pdf } = await rendered(
      chequeBody({
        digitalOnly: { watermark: 'VOID' },
        redirectTo: {
          companyName: 'Signing Office',
          addressLine1: '9 Office Park',
          city: 'Dallas',
          provinceOrState: 'TX',
          postalOrZip: '75201',
          countryCode: 'US',
        },
      }),
    );
    assert.match(await pdfText(pdf, { page: 1 }), /SIGNING OFFICE/);
    // Drawn at an angle, the marks come out a letter or two at a time, the only words this tall:
    // the watermark and, a test key's cheque, its void mark.
    const tall = (await pageWords(pdf, 2)).filter((w) => w.height > 0.4 * 72).flatMap((w) => [...w.text]);
    assert.deepEqual(tall.sort(), [...'VOIDVOID—TESTMODE'].sort(), 'the watermark and the test mark');
    const ready = await server.request('GET', `${CHEQUES}/${cheque.id}/with_deposit_ready_pdf`, { key });
    assert.equal(ready.status, 200, ready.text);
    assert.equal(await statusOf(ready.body.depositReadyPDFURL), 200);
    const printed = (await rendered(chequeBody())).cheque;
    const notDigital = await server.request('GET', `${CHEQUES}/${printed.id}/with_deposit_ready_pdf`, {
      key,
    });
    assert.equal(notDigital.body.depositReadyPDFURL, undefined);
  });

  test('a signature image from the bank account is drawn', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const { signatureText: _t, ...fields } = usBank;
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('signatureImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sig.png');
    const account = await server.request('POST', BANK_ACCOUNTS, { key, multipart: form });
    assert.equal(account.status, 201, account.text);
    const { pdf } = await rendered(chequeBody({ bankAccount: account.body.id }));
    assert.doesNotMatch(await pdfText(pdf, { page: 1 }), /Bob Sender/, 'no text signature');
  });
});

describe('cheques and their bank account', () => {
  // What the cheque keeps of it, and when that goes: test/print-mail/deletes-keep-pending-mail.test.ts.
  test('an account is deleted while a cheque on it is still to print; the cheque still prints, new ones are refused', async () => {
    const account = await bankAccountFor(server, key);
    const res = await create(chequeBody({ bankAccount: account }));
    assert.equal(res.status, 201, res.text);
    const deleted = await server.request('DELETE', `${BANK_ACCOUNTS}/${account}`, { key });
    assert.equal(deleted.status, 200, deleted.text);
    const cheque = await waitForOrder(server, key, CHEQUES, res.body.id);
    assert.ok(cheque.url, JSON.stringify(cheque.cancellation));
    assert.ok((await pdfText(await fetchPdf(cheque.url))).includes('000123456789⑈'));
    const refused = await create(chequeBody({ bankAccount: account }));
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.error.message, /^bankAccount refers to bank account/);
  });

  test('a live digital-only cheque is never printed: it completes when it would print', async () => {
    const live = await server.key({ org: 'cheques-org', mode: 'live' });
    const account = await bankAccountFor(server, live);
    const res = await create(chequeBody({ bankAccount: account, digitalOnly: { watermark: 'VOID' } }), live);
    assert.equal(res.status, 201, res.text);
    await waitForOrder(server, live, CHEQUES, res.body.id);
    server.clock.advance(86_400_000 + 1000);
    await server.runtime.boss.send('advance-orders', {});
    const done = await waitForOrder(server, live, CHEQUES, res.body.id, (c) => c.status !== 'ready');
    assert.equal(done.status, 'completed');
  });
});
