import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { fetchPdf, LETTERS, pdfText, waitForLetter } from '../helpers/letters.js';
import {
  createImport,
  csvOf,
  generatedRows,
  HEADER,
  IMPORTS,
  importDone,
  importForm,
  LISTS,
  listDone,
  waitFor,
} from '../helpers/mailing-list-imports.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

const V1 = '/print-mail/v1';
const CAMPAIGNS = `${V1}/campaigns`;
let server: TestServer;
let key: string;
let live: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'import-senders-org' });
  live = await server.key({ org: 'import-senders-org', mode: 'live' });
  await importPoints(server.runtime.db.pool, writeFixture('import-senders.csv', LOUISVILLE_CSV));
});
after(() => server.close());

/** A file whose rows have a receiver (HEADER's columns) and a sender (these) each. */
const SENDER_HEADER = [
  ...HEADER,
  'From Company',
  'From Address',
  'From City',
  'From State',
  'From ZIP',
  'From Code',
];
const SENDER_MAPPING = {
  companyName: 'From Company',
  addressLine1: 'From Address',
  city: 'From City',
  provinceOrState: 'From State',
  postalOrZip: 'From ZIP',
};
const withSenders = {
  senderAddressMapping: SENDER_MAPPING,
  senderMergeVariableMapping: { branch: 'From Code' },
};
const receiver = (first: string, last: string, street: string, zip = '40202') => [
  first,
  last,
  street,
  'Louisville',
  'KY',
  zip,
  'US',
  '',
  '',
];
const senderCells = (company: string, street: string, zip: string, code: string) => [
  company,
  street,
  'Louisville',
  'KY',
  zip,
  code,
];

/** A CSV link's rows, by column name. */
const csvAt = async (url: string): Promise<Record<string, string>[]> =>
  parse(await (await fetch(url)).text(), { columns: true });

const contactsMatching = async (k: string, search: Record<string, unknown>) =>
  (
    await server.request(
      'GET',
      `${V1}/contacts?limit=100&search=${encodeURIComponent(JSON.stringify(search))}`,
      {
        key: k,
      },
    )
  ).body;

describe('mailing list imports: a sender per row', () => {
  test('each sender is settled as its receiver is: verified, counted, reported with its field, made a contact', async () => {
    const rows = [
      [
        ...receiver('Kim', 'Lee', '533 E Liberty St'),
        ...senderCells('Acme Verified', '1920 Newburg Rd', '40205', 'B1'),
      ],
      [
        ...receiver('Ann', 'Roe', '533 E Liberty St'),
        ...senderCells('Acme Corrected', '1920 Newbrug Road', '40205', 'B2'),
      ],
      [
        ...receiver('Bo', 'Ng', '533 E Liberty St'),
        ...senderCells('Acme Failed', '1922 Newburg Rd', '40205', 'B3'),
      ],
      [...receiver('Cy', 'Oz', '533 E Liberty St'), ...senderCells('Acme Nowhere', '', '40205', 'B4')],
      [...receiver('Di', 'Po', ''), ...senderCells('Acme Unused', '2221 Wadsworth Ave', '40205', 'B5')],
    ];
    const created = await createImport(server, live, csvOf(rows, SENDER_HEADER), withSenders);
    assert.deepEqual(created.file.senderAddressMapping, SENDER_MAPPING);
    assert.deepEqual(created.senderStatusCount, { verifiedCount: 0, correctedCount: 0, failedCount: 0 });
    const done = await importDone(server, live, created.id);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual([done.validRowCount, done.invalidRowCount], [3, 2]);
    assert.deepEqual(done.receiverStatusCount, { verifiedCount: 3, correctedCount: 0, failedCount: 0 });
    assert.deepEqual(done.senderStatusCount, { verifiedCount: 1, correctedCount: 1, failedCount: 1 });

    const report = await csvAt(done.reportURL);
    assert.deepEqual(
      report.map((r) => [r.row, r.field]),
      [
        ['4', 'sender.address'],
        ['5', 'sender.addressLine1'],
        ['6', 'addressLine1'],
      ],
    );
    assert.match(report[0].message, /^sender\.address failed verification/);
    assert.equal(report[1].message, 'sender.addressLine1 is required. (column "From Address")');

    // The senders are contacts, standardized as POST /contacts stores them, with their merge variables.
    const corrected = (await contactsMatching(live, { companyName: 'Acme Corrected' })).data;
    assert.equal(corrected.length, 1);
    assert.deepEqual(
      [corrected[0].addressLine1, corrected[0].addressStatus, corrected[0].metadata],
      ['1920 NEWBURG RD', 'corrected', { branch: 'B2' }],
    );
    for (const company of ['Acme Nowhere', 'Acme Unused'])
      assert.equal((await contactsMatching(live, { companyName: company })).totalCount, 0, company);
  });

  test('a sender mapping is checked against the header as the receiver one is', async () => {
    const csv = csvOf(
      [[...receiver('Kim', 'Lee', '1 Main St'), ...senderCells('A', '1 Main St', '40202', '')]],
      SENDER_HEADER,
    );
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { senderAddressMapping: { companyName: 'From Company' } },
        /^senderAddressMapping\.addressLine1 is required/,
      ],
      [
        { senderAddressMapping: { addressLine1: 'From Address' } },
        /^senderAddressMapping\.firstName or senderAddressMapping\.companyName is required/,
      ],
      [
        { senderAddressMapping: { ...SENDER_MAPPING, city: 'Town' } },
        /^senderAddressMapping\.city names column "Town"/,
      ],
      [
        { senderMergeVariableMapping: { branch: 'From Code' } },
        /^senderMergeVariableMapping needs senderAddressMapping/,
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await server.request('POST', IMPORTS, { key, multipart: importForm(csv, fields) });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, message);
    }
  });

  test('a list of the import sends each letter from its own sender, with no defaultSenderContact', async () => {
    const rows = [
      [
        ...receiver('Kim', 'Sendlist', '10 Main St'),
        ...senderCells('North Branch', '1 North St', '40202', 'N'),
      ],
      [
        ...receiver('Ann', 'Sendlist', '11 Main St'),
        ...senderCells('South Branch', '1 South St', '40202', 'S'),
      ],
    ];
    const imported = await importDone(
      server,
      key,
      (await createImport(server, key, csvOf(rows, SENDER_HEADER), withSenders)).id,
    );
    assert.equal(imported.status, 'completed', JSON.stringify(imported));
    const post = async (path: string, json: unknown) => {
      const res = await server.request('POST', path, { key, json });
      assert.ok(res.status < 300, res.text);
      return res.body;
    };
    const list = await post(LISTS, {});
    await post(`${LISTS}/${list.id}/jobs`, { addMailingListImports: [imported.id] });
    await listDone(server, key, list.id);
    const template = await post(`${V1}/templates`, {
      html: '<p>Hello {{to.firstName}} from {{from.companyName}}</p>',
    });
    const profile = await post(`${V1}/order_profiles/letters`, { size: 'us_letter', template: template.id });
    const campaign = await post(CAMPAIGNS, { mailingList: list.id, letterProfile: profile.id });
    const draft = await waitFor(
      server,
      key,
      `${CAMPAIGNS}/${campaign.id}`,
      (c) => c.status !== 'drafting',
      30_000,
    );
    assert.equal(draft.status, 'draft', JSON.stringify(draft.errors));
    await post(`${CAMPAIGNS}/${campaign.id}/send`, {});
    const ready = await waitFor(
      server,
      key,
      `${CAMPAIGNS}/${campaign.id}`,
      (c) => c.status === 'ready',
      30_000,
    );
    assert.equal(ready.createdCount, 2);
    const report = await csvAt(ready.reportURL);
    const pairs = [];
    for (const { orderID } of report) {
      const letter = (await server.request('GET', `${LETTERS}/${orderID}`, { key })).body;
      pairs.push(`${letter.to.firstName}:${letter.from.companyName}`);
    }
    assert.deepEqual(pairs.sort(), ['Ann:South Branch', 'Kim:North Branch']);

    // A member without a sender of its own needs the campaign's default, and the check says so.
    const plain = await post(`${V1}/contacts`, {
      firstName: 'Lone',
      addressLine1: '12 Main St',
      city: 'Louisville',
      provinceOrState: 'KY',
      postalOrZip: '40202',
      countryCode: 'US',
    });
    await post(`${LISTS}/${list.id}/jobs`, { addContacts: [plain.id] });
    await listDone(server, key, list.id);
    const mixed = await post(CAMPAIGNS, { mailingList: list.id, letterProfile: profile.id });
    const checked = await waitFor(
      server,
      key,
      `${CAMPAIGNS}/${mixed.id}`,
      (c) => c.status !== 'drafting',
      30_000,
    );
    assert.equal(checked.status, 'changes_required');
    assert.match(
      checked.errors[0].message,
      /defaultSenderContact is required: .*1 of the list's contacts have none/,
    );

    // A sender deleted later leaves its receiver on the list, without a sender of its own.
    const north = (await contactsMatching(key, { companyName: 'North Branch' })).data[0];
    assert.equal((await server.request('DELETE', `${V1}/contacts/${north.id}`, { key })).status, 200);
    const members = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n, count(sender_id)::int AS senders FROM mailing_list_members WHERE list_id = $1',
      [list.id],
    );
    assert.deepEqual(members.rows[0], { n: 3, senders: 1 });
  });
});

describe('campaign merge variables from the import', () => {
  test("each order merges its own contact's and sender's mapped values under their names, over the profile's", async () => {
    const offer = (cells: string[], value: string) => {
      const copy = [...cells];
      copy[HEADER.indexOf('Offer')] = value;
      return copy;
    };
    const rows = [
      [
        ...offer(receiver('Uma', 'Merge', '20 Main St'), 'UMA-10'),
        ...senderCells('East Branch', '2 East St', '40202', 'E'),
      ],
      [
        ...offer(receiver('Ian', 'Merge', '21 Main St'), 'IAN-20'),
        ...senderCells('West Branch', '2 West St', '40202', 'W'),
      ],
    ];
    const fields = { ...withSenders, receiverMergeVariableMapping: { coupon: 'Offer' } };
    const imported = await importDone(
      server,
      key,
      (await createImport(server, key, csvOf(rows, SENDER_HEADER), fields)).id,
    );
    assert.equal(imported.status, 'completed', JSON.stringify(imported));
    const post = async (path: string, json: unknown) => {
      const res = await server.request('POST', path, { key, json });
      assert.ok(res.status < 300, res.text);
      return res.body;
    };
    const list = await post(LISTS, {});
    await post(`${LISTS}/${list.id}/jobs`, { addMailingListImports: [imported.id] });
    await listDone(server, key, list.id);
    const template = await post(`${V1}/templates`, {
      html: '<p>{{greeting}} {{to.firstName}}: use {{coupon}} at branch {{branch}}</p>',
    });
    const profile = await post(`${V1}/order_profiles/letters`, {
      size: 'us_letter',
      template: template.id,
      mergeVariables: { greeting: 'Hello', coupon: 'PROFILE-DEFAULT' },
    });
    const campaign = await post(CAMPAIGNS, { mailingList: list.id, letterProfile: profile.id });
    const draft = await waitFor(
      server,
      key,
      `${CAMPAIGNS}/${campaign.id}`,
      (c) => c.status !== 'drafting',
      30_000,
    );
    assert.equal(draft.status, 'draft', JSON.stringify(draft.errors));
    await post(`${CAMPAIGNS}/${campaign.id}/send`, {});
    const ready = await waitFor(
      server,
      key,
      `${CAMPAIGNS}/${campaign.id}`,
      (c) => c.status === 'ready',
      30_000,
    );
    assert.equal(ready.createdCount, 2);
    const seen: string[] = [];
    for (const { orderID } of await csvAt(ready.reportURL)) {
      const letter = await waitForLetter(server, key, orderID);
      assert.ok(letter.url, JSON.stringify(letter.cancellation));
      const { greeting, coupon, branch } = letter.mergeVariables;
      seen.push(`${letter.to.firstName} ${greeting} ${coupon} ${branch}`);
      assert.match(
        await pdfText(await fetchPdf(letter.url)),
        new RegExp(`${greeting} ${letter.to.firstName}: use ${coupon} at branch ${branch}`),
      );
    }
    assert.deepEqual(seen.sort(), ['Ian Hello IAN-20 W', 'Uma Hello UMA-10 E']);
  });
});

describe('mailing list imports: errors of the whole file', () => {
  test('valid receivers in several countries: multiple_countries_error, nothing imported', async () => {
    const rows = [
      ...generatedRows(2, 'two-countries'),
      ['Jo', 'two-countries', '1 Rue Test', 'Montreal', 'QC', 'H2X 1Y4', 'CA', '', ''],
      ['Al', 'two-countries', '', 'Montreal', 'QC', 'H2X 1Y4', 'FR', '', ''], // invalid: not counted
    ];
    const done = await importDone(server, key, (await createImport(server, key, csvOf(rows))).id);
    assert.equal(done.status, 'changes_required');
    assert.deepEqual(
      done.errors.map((e: { type: string }) => e.type),
      ['multiple_countries_error'],
    );
    assert.match(done.errors[0].message, /2 countries \(US: 2, CA: 1\)/);
    assert.deepEqual([done.validRowCount, done.invalidRowCount], [3, 1]);
    assert.equal((await contactsMatching(key, { lastName: 'two-countries' })).totalCount, 0);
    // Its report still says what was wrong with the bad rows.
    const report = await csvAt(done.reportURL);
    assert.deepEqual(
      report.map((r) => r.row),
      ['5'],
    );
  });

  test('more rows than an import takes: invalid_contact_count_error at once, and no job reads it', async () => {
    const small = await startTestServer({ importMaxRows: 3 }, { workers: false });
    try {
      const k = await small.key({ org: 'import-limit' });
      const over = await createImport(small, k, csvOf(generatedRows(4, 'over')));
      assert.equal(over.status, 'changes_required');
      assert.deepEqual(
        over.errors.map((e: { type: string }) => e.type),
        ['invalid_contact_count_error'],
      );
      assert.match(over.errors[0].message, /4 rows; an import takes at most 3/);
      const within = await createImport(small, k, csvOf(generatedRows(3, 'within')));
      assert.equal(within.status, 'validating');
      const jobs = await small.runtime.db.pool.query(
        `SELECT data ->> 'id' AS id FROM ${small.schema}_pgboss.job WHERE name = 'mailing-list-import'`,
      );
      assert.deepEqual(
        jobs.rows.map((r) => r.id),
        [within.id],
      );
    } finally {
      await small.close();
    }
  });
});
