import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf } from '../helpers/letters.js';
import { boxInches, pageWords, twoPagePdf } from '../helpers/mailpieces.js';
import { orderContract } from '../helpers/order-contract.js';
import { badInputCases, waitForOrder } from '../helpers/orders.js';

const SNAP_PACKS = '/print-mail/v1/snap_packs';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'snap-packs-org' });
});
after(() => server.close());

const snapPackBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  size: '8.5x11_bifold_v',
  insideHTML: '<div style="padding:1in">Your statement, code {{code}}</div>',
  outsideHTML: '<p style="margin:0.5in">Important documents enclosed</p>',
  mergeVariables: { code: 'Z-42' },
  ...extra,
});

orderContract(() => server, {
  object: 'snap_pack',
  path: SNAP_PACKS,
  table: 'snap_packs',
  htmlBody: () => snapPackBody(),
  templateBody: async (template) => ({
    ...snapPackBody({ insideHTML: undefined, outsideHTML: undefined }),
    insideTemplate: await template(snapPackBody().insideHTML),
    outsideTemplate: await template('<p>Sealed for {{to.firstName}}</p>'),
  }),
  pdfBody: () => ({ to: alice, from: bob, size: '8.5x11_bifold_v' }),
  contentPdf: () => twoPagePdf(8.75, 11.25),
  // An image the server answers 404 for: a missing asset is bad content, not worth a retry.
  unprintable: () => snapPackBody({ insideHTML: `<img src="${server.url}/nothing.png">` }),
  pages: { html: 2, pdf: 2 },
});

describe('snap packs', () => {
  test('a pressure-sealed V-fold: bleed pages, the address on the top half of the outside', async () => {
    const res = await server.request('POST', SNAP_PACKS, { key, json: snapPackBody() });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.id, /^snap_pack_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(res.body.size, '8.5x11_bifold_v');
    const order = await waitForOrder(server, key, SNAP_PACKS, res.body.id);
    const pdf = await fetchPdf(order.url);
    const doc = await PDFDocument.load(pdf);
    assert.equal(doc.getPageCount(), 2);
    for (const page of doc.getPages()) {
      assert.deepEqual(boxInches(page.getMediaBox()), [0, 0, 8.75, 11.25]);
      assert.deepEqual(boxInches(page.getTrimBox()), [0.125, 0.125, 8.5, 11]);
    }
    for (const text of ['ALICE', '02114', 'SENDER']) {
      const b = (await pageWords(pdf, 2)).find((x) => x.text === text);
      assert.ok(b, `${text} on the outside`);
      const bottom = (b.y + b.height) / 72 - 0.125;
      assert.ok(bottom <= 5.5 - 0.125, `${text} on the top half, above the fold`);
    }
  });

  test('capabilities: sizes, and the mailing classes that can post to the destination', async () => {
    const us = await server.request(
      'GET',
      `${SNAP_PACKS}/capabilities?returnCountryCode=US&destinationCountryCode=US`,
      { key },
    );
    assert.equal(us.status, 200, us.text);
    assert.deepEqual(us.body.sizes, ['8.5x11_bifold_v']);
    assert.ok(us.body.mailingClasses.includes('first_class'));
    assert.ok(us.body.mailingClasses.includes('us_post_first_class'));
    assert.ok(!us.body.mailingClasses.includes('us_post_eddm'), 'saturation mail is not addressed');
    assert.ok(!us.body.mailingClasses.includes('ca_post_lettermail'));
    const ca = await server.request(
      'GET',
      `${SNAP_PACKS}/capabilities?returnCountryCode=US&destinationCountryCode=can`,
      { key },
    );
    assert.ok(ca.body.mailingClasses.includes('ca_post_lettermail'));
    assert.ok(!ca.body.mailingClasses.includes('us_post_first_class'));
    for (const [query, field] of [
      ['destinationCountryCode=US', /returnCountryCode/],
      ['returnCountryCode=US', /^destinationCountryCode or mailingList/],
      [
        'returnCountryCode=US&destinationCountryCode=US&mailingList=mailing_list_1',
        /^destinationCountryCode or mailingList/,
      ],
      ['returnCountryCode=ZZ&destinationCountryCode=US', /^returnCountryCode /],
      ['returnCountryCode=US&destinationCountryCode=XX', /^destinationCountryCode /],
      ['returnCountryCode=US&mailingList=mailing_list_1', /^mailingList .*does not exist/],
    ] as const) {
      const bad = await server.request('GET', `${SNAP_PACKS}/capabilities?${query}`, { key });
      assert.equal(bad.status, 400, `${query}: ${bad.text}`);
      assert.match(bad.body.error.message, field);
    }
  });

  badInputCases(() => server, SNAP_PACKS, snapPackBody, [
    ['unknown size', { size: '8.5x11_bifold' }, /size/],
    ['no sender', { from: undefined }, /from/],
    ['outside missing', { outsideHTML: undefined }, /^outsideHTML is required/],
  ]);
});
