import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, pdfText } from '../helpers/letters.js';
import { orderContract } from '../helpers/order-contract.js';
import { badInputCases, waitForOrder } from '../helpers/orders.js';

const BOXES = '/print-mail/v1/boxes';
let server: TestServer;
let key: string;
let bankAccount: string;

async function bankAccountFor(s: TestServer, k: string): Promise<string> {
  const res = await s.request('POST', '/print-mail/v1/bank_accounts', {
    key: k,
    json: {
      bankName: 'Box Bank',
      bankPrimaryLine: '1 Vault St',
      bankCountryCode: 'US',
      accountNumber: '44443333',
      routingNumber: '011000015',
      signatureText: 'Treasurer',
    },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'boxes-org' });
  bankAccount = await bankAccountFor(server, key);
});
after(() => server.close());

const cheque = (extra: Record<string, unknown> = {}) => ({
  bankAccount,
  amount: 2500,
  memo: 'Rebate Z-42',
  ...extra,
});
const boxBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  cheques: [cheque(), cheque({ amount: 7500 })],
  ...extra,
});

orderContract(() => server, {
  object: 'box',
  path: BOXES,
  table: 'boxes',
  prepare: async (s, k) => {
    const unfetchable = `<p>See you</p><img src="${s.url}/nothing-here.png">`;
    const template = await s.request('POST', '/print-mail/v1/templates', {
      key: k,
      json: { html: unfetchable },
    });
    return { bankAccount: await bankAccountFor(s, k), unprintableTemplate: template.body.id };
  },
  htmlBody: (ctx) => ({
    to: alice,
    from: bob,
    cheques: [{ bankAccount: ctx.bankAccount, amount: 2500, memo: 'Rebate Z-42' }],
  }),
  templateBody: async () => ({}),
  pdfBody: () => ({}),
  contentPdf: async () => Buffer.alloc(0),
  // A box's content is its cheques: no HTML, template or PDF of its own.
  sources: ['html'],
  usesChromium: false,
  unprintable: (ctx) => ({
    to: alice,
    from: bob,
    cheques: [{ bankAccount: ctx.bankAccount, amount: 100, messageTemplate: ctx.unprintableTemplate }],
  }),
  pages: { html: 2, pdf: 2 },
});

describe('boxes', () => {
  test('every cheque in read form with the box contacts, numbered; one PDF: packing page, then each cheque', async () => {
    const res = await server.request('POST', BOXES, { key, json: boxBody({ description: 'Rebates' }) });
    assert.equal(res.status, 201, res.text);
    const box = res.body;
    assert.match(box.id, /^box_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(box.cheques.length, 2);
    for (const c of box.cheques) {
      assert.equal(c.to.id, box.to.id);
      assert.equal(c.from.id, box.from.id);
      assert.equal(c.bankAccount, bankAccount);
      assert.equal(c.currencyCode, 'USD');
    }
    assert.equal(box.cheques[1].number, box.cheques[0].number + 1);
    const done = await waitForOrder(server, key, BOXES, box.id);
    assert.ok(done.url, JSON.stringify(done.cancellation));
    assert.equal(done.pageCount, 3);
    const pdf = await fetchPdf(done.url);
    const packing = await pdfText(pdf, { page: 1 });
    assert.match(packing, /Box of 2 cheques/);
    assert.match(packing, /ALICE READER/);
    assert.match(packing, new RegExp(`No\\. ${box.cheques[0].number} 25\\.00 USD p\\. 2`));
    assert.match(await pdfText(pdf, { page: 2 }), /Twenty-five and 00\/100 dollars/);
    assert.match(await pdfText(pdf, { page: 3 }), /Seventy-five and 00\/100 dollars/);
  });

  test('a hundred cheques fit in a box; a hundred and one do not', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => cheque({ amount: 100 + i }));
    const ok = await server.request('POST', BOXES, { key, json: boxBody({ cheques: hundred }) });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(new Set(ok.body.cheques.map((c: { number: number }) => c.number)).size, 100);
    const over = await server.request('POST', BOXES, {
      key,
      json: boxBody({ cheques: [...hundred, cheque()] }),
    });
    assert.equal(over.status, 400);
    assert.match(over.body.error.message, /cheques/);
  });

  badInputCases(() => server, BOXES, boxBody, [
    ['no cheques', () => ({ cheques: [] }), /cheques/],
    [
      'two recipients',
      () => ({ cheques: [cheque(), cheque({ to: { ...alice, firstName: 'Other' } })] }),
      /^cheques\[1\]\.to must be the box's to/,
    ],
    [
      'two senders',
      () => ({ cheques: [cheque({ from: 'contact_1111111111111111111111' })] }),
      /^cheques\[0\]\.from must be the box's from/,
    ],
    [
      'a number twice',
      () => ({ cheques: [cheque({ number: 7 }), cheque({ number: 7 })] }),
      /^cheques\[1\]\.number 7 is also the number of cheques\[0\]/,
    ],
    [
      'unknown bank account',
      () => ({ cheques: [cheque({ bankAccount: 'bank_account_1111111111111111111111' })] }),
      /^cheques\[0\]\.bankAccount refers to bank account/,
    ],
    ['zero amount', () => ({ cheques: [cheque({ amount: 0 })] }), /amount/],
  ]);

  test('a cheque given the box recipient again, by the same inline contact, is fine', async () => {
    const res = await server.request('POST', BOXES, {
      key,
      json: boxBody({ cheques: [cheque({ to: alice, from: bob })] }),
    });
    assert.equal(res.status, 201, res.text);
  });

  test('a box is a parcel: test progressions play out no imbStatus for it, bound for a ZIP Code as it is', async () => {
    const res = await server.request('POST', BOXES, { key, json: boxBody() });
    assert.equal(res.status, 201, res.text);
    const step = () => server.request('POST', `${BOXES}/${res.body.id}/progressions`, { key });
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push((await step()).body);
    assert.deepEqual(
      steps.map((b) => [b.status, b.imbStatus ?? null, b.imbZipCode ?? null]),
      [
        ['printing', null, null],
        ['processed_for_delivery', null, null],
        ['completed', null, null],
      ],
    );
  });
});
