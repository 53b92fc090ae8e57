import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { resealAccountNumbers } from '../../src/api/print-mail/bank-accounts/reseal-account-numbers.js';
import { addDataKeyToFile, loadDataKeys } from '../../src/platform/data-keys.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { serveFiles } from '../helpers/letters.js';
import { badInputCases, multipartOf } from '../helpers/orders.js';

const PATH = '/print-mail/v1/bank_accounts';
let server: TestServer;
let key: string;
let files: Awaited<ReturnType<typeof serveFiles>>;

/** A 1 × 1 PNG and a 1 × 1 JPEG, byte for byte. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const usAccount = (extra: Record<string, unknown> = {}) => ({
  bankName: 'Test Bank',
  bankPrimaryLine: '145 Mulberry St',
  bankSecondaryLine: 'New York NY 10013',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Alice Reader',
  ...extra,
});
const caAccount = (extra: Record<string, unknown> = {}) => ({
  bankName: 'Banque Test',
  bankCountryCode: 'CA',
  accountNumber: '1234567',
  transitNumber: '12345',
  routeNumber: '003',
  signatureText: 'Bob',
  ...extra,
});

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'bank-accounts-org' });
  files = await serveFiles({
    '/sig.png': { body: PNG, type: 'image/png' },
    '/sig.jpg': { body: JPEG, type: 'application/octet-stream' },
    '/not-image.png': { body: '<html>nope</html>', type: 'image/png' },
  });
});
after(async () => {
  await files.close();
  await server.close();
});

const create = (json: unknown, k = key) => server.request('POST', PATH, { key: k, json });

resourceContract(() => server, {
  object: 'bank_account',
  path: PATH,
  idPrefix: 'bank_account',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const res = await s.request('POST', PATH, { key: k, json: usAccount() });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('bank accounts', () => {
  test('US: the number is shown masked and sealed at rest with a key outside the database', async () => {
    const res = await create(usAccount({ description: 'Payroll', metadata: { team: 'ops' } }));
    assert.equal(res.status, 201, res.text);
    const b = res.body;
    assert.equal(b.object, 'bank_account');
    assert.match(b.id, /^bank_account_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.deepEqual(
      [b.bankName, b.bankCountryCode, b.routingNumber, b.signatureText, b.description],
      ['Test Bank', 'US', '011000015', 'Alice Reader', 'Payroll'],
    );
    assert.equal(b.accountNumber, '********6789');
    assert.equal(b.accountNumberLast4, '6789');
    assert.equal(b.transitNumber, undefined);
    const got = await server.request('GET', `${PATH}/${b.id}`, { key });
    assert.doesNotMatch(got.text, /000123456789/, 'the full number is never answered');
    const { rows } = await server.runtime.db.pool.query(
      `SELECT b.doc::text AS doc, s.account_number AS sealed FROM bank_accounts b JOIN bank_account_secrets s USING (id) WHERE id = $1`,
      [b.id],
    );
    assert.doesNotMatch(rows[0].doc, /000123456789/);
    assert.doesNotMatch(JSON.stringify(rows[0].sealed), /000123456789|MDAwMTIzNDU2Nzg5/);
    const keys = await loadDataKeys(undefined, server.runtime.config.dataDir);
    assert.equal(keys.open(rows[0].sealed), '000123456789', 'the data dir key opens it');
    const search = await server.request('GET', `${PATH}?search=6789`, { key });
    assert.ok(
      search.body.data.some((x: { id: string }) => x.id === b.id),
      'found by its last four digits',
    );
  });

  test('CA: transit and institution numbers; dashes and spaces in numbers are accepted', async () => {
    const res = await create(caAccount({ accountNumber: '12-345 67', caDesignationNumber: '1' }));
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [
        res.body.transitNumber,
        res.body.routeNumber,
        res.body.caDesignationNumber,
        res.body.accountNumberLast4,
      ],
      ['12345', '003', '1', '4567'],
    );
    assert.equal(res.body.routingNumber, undefined);
  });

  test('a signature image as a multipart file part, as real clients send it, or by URL', async () => {
    const { signatureText: _t, ...fields } = usAccount();
    const multipart = multipartOf(fields);
    multipart.append('signatureImage', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'sig.png');
    const uploaded = await server.request('POST', PATH, { key, multipart });
    assert.equal(uploaded.status, 201, uploaded.text);
    assert.equal(uploaded.body.signatureText, undefined);
    const image = await fetch(uploaded.body.signatureImage);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), PNG);
    const byUrl = await create({ ...fields, signatureImage: `${files.url}/sig.jpg` });
    assert.equal(byUrl.status, 201, byUrl.text);
    const jpeg = await fetch(byUrl.body.signatureImage);
    assert.equal(jpeg.headers.get('content-type'), 'image/jpeg', 'typed by its bytes, not the header');
    const again = await server.request('GET', `${PATH}/${byUrl.body.id}`, { key });
    assert.equal(await statusOf(again.body.signatureImage), 200, 'a fresh link on every read');
  });

  test('rotation: a new data key, then every number sealed again with it, still the same number', async () => {
    const made = (await create(usAccount({ accountNumber: '55554444' }))).body;
    const { dataDir } = server.runtime.config;
    const newId = await addDataKeyToFile(dataDir);
    const keys = await loadDataKeys(undefined, dataDir);
    const { resealed, total } = await resealAccountNumbers(server.runtime.db.pool, keys);
    assert.ok(resealed >= 1 && resealed === total, `${resealed} of ${total}`);
    const { rows } = await server.runtime.db.pool.query(
      'SELECT account_number AS sealed FROM bank_account_secrets WHERE id = $1',
      [made.id],
    );
    assert.equal(rows[0].sealed.k, newId);
    assert.equal(keys.open(rows[0].sealed), '55554444');
    assert.equal(
      (await resealAccountNumbers(server.runtime.db.pool, keys)).resealed,
      0,
      'nothing left to move',
    );
  });

  test('there is no update: a changed account is a new one', async () => {
    const made = (await create(usAccount())).body;
    const res = await server.request('POST', `${PATH}/${made.id}`, { key, json: { bankName: 'Other' } });
    assert.equal(res.status, 404);
  });

  badInputCases(() => server, PATH, usAccount, [
    ['routing checksum', { routingNumber: '011000016' }, /^routingNumber 011000016 fails the ABA checksum/],
    ['routing length', { routingNumber: '01100001' }, /^routingNumber must be 9 digits/],
    ['routing missing', { routingNumber: undefined }, /^routingNumber is required/],
    [
      'a CA number on a US account',
      { transitNumber: '12345' },
      /^transitNumber is not used for a US account/,
    ],
    ['account letters', { accountNumber: '12AB5678' }, /^accountNumber must contain only digits/],
    ['account too short', { accountNumber: '123' }, /^accountNumber must be 4 to 17 digits/],
    [
      'both signatures',
      { signatureImage: 'https://example.com/s.png' },
      /^signatureText or signatureImage .*exactly one/,
    ],
    ['no signature', { signatureText: undefined }, /^signatureText or signatureImage/],
    ['unknown country', { bankCountryCode: 'GB' }, /bankCountryCode/],
    ['no bank name', { bankName: undefined }, /bankName/],
  ]);

  test('400s for CA numbers and for a signature that is not an image, nothing written', async () => {
    const k = await server.key({ org: 'bank-accounts-bad' });
    for (const [body, message] of [
      [caAccount({ transitNumber: '1234' }), /^transitNumber must be 5 digits/],
      [caAccount({ routeNumber: undefined }), /^routeNumber is required/],
      [caAccount({ routingNumber: '011000015' }), /^routingNumber is not used for a CA account/],
      [
        usAccount({ signatureText: undefined, signatureImage: `${files.url}/not-image.png` }),
        /^signatureImage is not a PNG or JPEG/,
      ],
      [
        usAccount({ signatureText: undefined, signatureImage: 'file:///etc/passwd' }),
        /^signatureImage is a file: URL, which is not fetched: it must be an http\(s\) URL/,
      ],
    ] as const) {
      const res = await create(body, k);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, message);
    }
    assert.equal((await server.request('GET', PATH, { key: k })).body.totalCount, 0);
  });
});
