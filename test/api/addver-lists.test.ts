import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { MAX_LIST_ROWS } from '../../src/api/addver-lists/addver-list.schema.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { waitFor } from '../helpers/mailing-list-imports.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

const LISTS = '/v1/addver_lists';
const HEADER = ['Ref', 'Street', 'Unit', 'Town', 'State', 'Zip', 'Country'];
const MAPPINGS = {
  line1: 'Street',
  line2: 'Unit',
  city: 'Town',
  provinceOrState: 'State',
  postalOrZip: 'Zip',
  country: 'Country',
};

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'lists-org', product: 'addver' });
  const pool = server.runtime.db.pool;
  await importPoints(pool, writeFixture('lists-louisville.csv', LOUISVILLE_CSV));
  const gb = path.resolve(import.meta.dirname, '../fixtures/intl-points-gb.csv');
  await importPoints(pool, gb, { country: 'gb' });
});
after(() => server.close());

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvOf = (rows: string[][], header = HEADER) =>
  `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

/** The upload as a multipart body: fields with bracket keys, the CSV as the `file` part. */
function listForm(csv: string | Uint8Array | null, fields: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown): void => {
    if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else if (value !== undefined) form.append(name, String(value));
  };
  for (const [k, v] of Object.entries(fields)) add(k, v);
  if (csv !== null)
    form.append('file', new Blob([new Uint8Array(Buffer.from(csv))], { type: 'text/csv' }), 'addresses.csv');
  return form;
}

const upload = (
  csv: string | Uint8Array | null,
  fields: Record<string, unknown> = {},
  k = key,
  headers = {},
) =>
  server.request('POST', LISTS, {
    key: k,
    headers,
    multipart: listForm(csv, { name: 'spring mailing', mappings: MAPPINGS, ...fields }),
  });

async function uploaded(csv: string, fields: Record<string, unknown> = {}, k = key) {
  const res = await upload(csv, fields, k);
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.status, 'success');
  return res.body.data;
}

const processed = (id: string, k = key) =>
  waitFor(server, k, `${LISTS}/${id}`, (body) => ['processed', 'failed'].includes(body.data.status)).then(
    (body) => body.data,
  );

async function resultRows(list: { result: string }): Promise<Record<string, string>[]> {
  const res = await fetch(list.result);
  assert.equal(res.status, 200);
  return parse(await res.text(), { columns: true });
}

async function used(k = key, api = 'addver'): Promise<number> {
  return (await server.request('GET', `/v1/${api}`, { key: k })).body.data.used;
}

const LOUISVILLE_ROWS = [
  ['r1', '1920 Newburg Rd', '', 'Louisville', 'KY', '40205', 'US'], // verified
  ['r2', '1920 Newbrug Road', '', 'louisville', 'KY', '40205', ''], // corrected (defaults to US)
  ['r3', '1922 Newburg Rd', '', 'Louisville', 'KY', '40205', 'US'], // failed: no such number
  ['r4', '', '', 'Louisville', 'KY', '40205', 'US'], // invalid: no line1
  ['r5', '8 Rue de Rivoli', '', 'Paris', '', '75004', 'FR'], // invalid: outside US/CA
  ['r6', '533 E Liberty St', '', 'Louisville', 'KY', '40202', 'US'], // verified
];

describe('POST /v1/addver_lists: a CSV verified in bulk', () => {
  test('the list, then its result: every row in order, the added columns, counts and cost', async () => {
    const before = await used();
    const list = await uploaded(csvOf(LOUISVILLE_ROWS), { defaultCountry: 'us', useProperCase: 'false' });
    assert.match(list.id, /^addver_list_[A-Za-z0-9]+$/);
    assert.ok(['pending', 'processing', 'processed'].includes(list.status));
    assert.equal(list.name, 'spring mailing');
    assert.equal(list.count, 6);
    assert.deepEqual(list.mappings, MAPPINGS);
    assert.equal(list.defaultCountry, 'US');
    assert.equal(list.useIntlVerification, false);
    assert.equal(list.runNCOA, false);
    assert.match(list.organization, /^org_/);
    assert.match(list.user, /^key_/);
    for (const internal of ['fileKey', 'progress', 'charged', 'header', 'live'])
      assert.equal(internal in list, false, `${internal} is not answered`);
    // The upload is charged at once, a lookup a row.
    assert.equal(await used(), before + 6);
    const uploadedFile = await fetch(list.file);
    assert.equal(await uploadedFile.text(), csvOf(LOUISVILLE_ROWS));

    const done = await processed(list.id);
    assert.equal(done.status, 'processed', JSON.stringify(done));
    assert.equal(done.numInvalidRows, 2);
    assert.deepEqual(done.metadata.statusCount, { verified: 2, corrected: 1, failed: 1 });
    // The invalid rows' lookups were given back.
    assert.equal(done.cost, 4);
    assert.equal(await used(), before + 4);

    const rows = await resultRows(done);
    assert.deepEqual(
      rows.map((r) => [r.Ref, r.verified_status]),
      [
        ['r1', 'verified'],
        ['r2', 'corrected'],
        ['r3', 'failed'],
        ['r4', 'invalid'],
        ['r5', 'invalid'],
        ['r6', 'verified'],
      ],
    );
    assert.deepEqual(Object.keys(rows[0]), [
      ...HEADER,
      'verified_line1',
      'verified_line2',
      'verified_city',
      'verified_provinceOrState',
      'verified_postalOrZip',
      'verified_country',
      'verified_status',
      'verified_errors',
    ]);
    assert.equal(rows[1].Street, '1920 Newbrug Road', 'the uploaded cells are kept as they were');
    assert.equal(rows[1].verified_line1, '1920 NEWBURG RD');
    assert.equal(rows[1].verified_city, 'LOUISVILLE');
    assert.equal(rows[1].verified_country, 'us', 'as the batch API answers it');
    assert.match(rows[2].verified_errors, /line1/);
    assert.equal(rows[3].verified_errors, 'line1 is empty.');
    assert.match(
      rows[4].verified_errors,
      /outside the US and Canada: upload the list with useIntlVerification/,
    );
    assert.equal(rows[4].verified_line1, '');
  });

  test('a whole address in one column (only line1 mapped), mappings sent as one JSON field', async () => {
    const csv = csvOf(
      [
        ['a1', '1920 Newburg Rd, Louisville, KY 40205'],
        ['a2', '533 E Liberty St Louisville KY 40202'],
      ],
      ['Id', 'Address'],
    );
    const form = listForm(csv, {
      name: 'one column',
      mappings: JSON.stringify({ line1: 'Address' }),
      useProperCase: true,
    });
    const res = await server.request('POST', LISTS, { key, multipart: form });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.data.mappings, { line1: 'Address' });
    const done = await processed(res.body.data.id);
    const rows = await resultRows(done);
    assert.deepEqual(
      rows.map((r) => [r.verified_line1, r.verified_city, r.verified_status]),
      [
        ['1920 Newburg Rd', 'Louisville', 'verified'],
        ['533 E Liberty St', 'Louisville', 'verified'],
      ],
    );
  });

  test('geocodes where the plan has geocoding: coordinates added, a geocode charged only where one came back', async () => {
    const org = await ensureOrganization(server.runtime.db.pool, 'lists-geo');
    const k = await server.key({ org: 'lists-geo', product: 'addver' });
    const refused = await upload(csvOf(LOUISVILLE_ROWS.slice(0, 1)), { useGeocode: true }, k);
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /^useGeocode /);
    await setPlan(server.runtime.db.pool, org.id, { geocoding: true });
    const list = await uploaded(csvOf(LOUISVILLE_ROWS.slice(0, 4)), { useGeocode: true }, k);
    assert.equal(await used(k), 8); // 4 rows, 2 lookups each, until the list says what it used
    const done = await processed(list.id, k);
    const rows = await resultRows(done);
    assert.equal(rows[0].verified_latitude, '38.2211');
    assert.equal(rows[0].verified_longitude, '-85.711');
    assert.equal(rows[0].verified_geocodeAccuracy, 'rooftop');
    const geocoded = rows.filter((r) => r.verified_latitude).length;
    assert.equal(rows[3].verified_latitude, '', 'an invalid row has no coordinates');
    // 3 valid rows charged 1 each, plus one per geocode that came back.
    assert.equal(done.cost, 3 + geocoded);
    assert.equal(await used(k), 3 + geocoded);
  });

  test('international verification: every row through the international verifier, on its own allowance', async () => {
    const k = await server.key({ org: 'lists-intl', product: 'addver' });
    const csv = csvOf([
      ['g1', '10 Downing Street', '', 'London', '', 'SW1A 2AA', 'GB'],
      ['g2', '1600 Pennsylvania Ave NW', '', 'Washington', 'DC', '20500', 'US'],
      ['g3', 'Somewhere 1', '', 'Nowhere', '', '', ''], // no country and no default: invalid
    ]);
    const list = await uploaded(csv, { useIntlVerification: true }, k);
    assert.equal(await used(k, 'intl_addver'), 3);
    assert.equal(await used(k), 0, 'the standard allowance is untouched');
    const done = await processed(list.id, k);
    const rows = await resultRows(done);
    assert.ok('verified_line4' in rows[0], 'international output has four address lines');
    assert.equal(rows[0].verified_line1, '10 DOWNING STREET');
    assert.equal(rows[0].verified_status, 'verified');
    assert.equal(rows[1].verified_country, 'US');
    assert.equal(rows[2].verified_status, 'invalid');
    assert.match(rows[2].verified_errors, /^country is empty/);
    assert.equal(done.cost, 2);
    assert.equal(await used(k, 'intl_addver'), 2);
  });
});

describe('international verification with geocodes', () => {
  test("a row's coordinates come with its international lookup: nothing is charged or given back for them", async () => {
    const org = await ensureOrganization(server.runtime.db.pool, 'lists-intl-geo');
    await setPlan(server.runtime.db.pool, org.id, { geocoding: true });
    const k = await server.key({ org: 'lists-intl-geo', product: 'addver' });
    const csv = csvOf([
      ['g1', '10 Downing Street', '', 'London', '', 'SW1A 2AA', 'GB'],
      ['g2', '1600 Pennsylvania Ave NW', '', 'Washington', 'DC', '20500', 'US'],
      ['g3', 'Somewhere 1', '', 'Nowhere', '', '', ''], // invalid: its lookup comes back
      ['g4', 'Nowhere Lane 99', '', 'Atlantis', '', '', 'GB'], // failed: no coordinates
    ]);
    const list = await uploaded(csv, { useIntlVerification: true, useGeocode: true }, k);
    assert.equal(await used(k, 'intl_addver'), 4);
    const done = await processed(list.id, k);
    const rows = await resultRows(done);
    assert.equal(rows[3].verified_status, 'failed');
    assert.equal(rows[3].verified_latitude, '');
    assert.equal(done.cost, 3);
    assert.equal(await used(k, 'intl_addver'), 3);
    assert.equal(await used(k), 0, 'the standard allowance is untouched');
  });
});

describe('POST /v1/addver_lists: refused uploads store and charge nothing', () => {
  const refusals: Array<[string, () => Promise<{ status: number; body: any }>, number, RegExp]> = [
    ['no file', () => upload(null), 400, /^file /],
    ['no name', () => upload(csvOf(LOUISVILLE_ROWS), { name: undefined }), 400, /name/],
    ['no line1 mapping', () => upload(csvOf(LOUISVILLE_ROWS), { mappings: { city: 'Town' } }), 400, /line1/],
    [
      'a mapped column the file lacks',
      () => upload(csvOf(LOUISVILLE_ROWS), { mappings: { ...MAPPINGS, city: 'City' } }),
      400,
      /^mappings\.city names the column "City"/,
    ],
    [
      'a mapped column the header has twice',
      () =>
        upload(
          csvOf(
            LOUISVILLE_ROWS.map((row) => [...row, row[1]]),
            [...HEADER, 'Street'],
          ),
        ),
      400,
      /^mappings\.line1 names the column "Street", which the file's header has more than once/,
    ],
    [
      'a blank column name, even with a blank header cell to match',
      () =>
        upload(
          csvOf(
            LOUISVILLE_ROWS.map((row) => [...row, '']),
            [...HEADER, ''],
          ),
          { mappings: { ...MAPPINGS, line2: ' ' } },
        ),
      400,
      /mappings\.line2/,
    ],
    [
      'an unknown mapping field',
      () => upload(csvOf(LOUISVILLE_ROWS), { mappings: { ...MAPPINGS, zip: 'Zip' } }),
      400,
      /zip/,
    ],
    ['NCOA', () => upload(csvOf(LOUISVILLE_ROWS), { runNCOA: true }), 400, /^runNCOA is not available/],
    [
      'NCOA and CCOA',
      () => upload(csvOf(LOUISVILLE_ROWS), { runNCOA: true, runCCOA: true }),
      400,
      /^runCCOA cannot be set/,
    ],
    [
      'an unknown default country',
      () => upload(csvOf(LOUISVILLE_ROWS), { defaultCountry: 'QQ' }),
      400,
      /^defaultCountry /,
    ],
    [
      'a foreign default country without international verification',
      () => upload(csvOf(LOUISVILLE_ROWS), { defaultCountry: 'FR' }),
      400,
      /^defaultCountry must be US or CA/,
    ],
    ['a header and no rows', () => upload(csvOf([])), 400, /^file has a header row but no data rows/],
    [
      'a file that is not UTF-8',
      () =>
        upload(Buffer.concat([Buffer.from('Street\r\n1 Caf'), Buffer.from([0xe9]), Buffer.from(' St\r\n')]), {
          mappings: { line1: 'Street' },
        }),
      400,
      /^file /,
    ],
    [
      `more than ${MAX_LIST_ROWS} rows`,
      () => upload(`Street\n${'1 Main St\n'.repeat(MAX_LIST_ROWS + 1)}`, { mappings: { line1: 'Street' } }),
      400,
      new RegExp(`^file has ${MAX_LIST_ROWS + 1} rows; a list takes at most ${MAX_LIST_ROWS}`),
    ],
  ];
  for (const [what, send, status, message] of refusals)
    test(what, async () => {
      const k = await server.key({ org: 'lists-refused', product: 'addver' });
      const before = await used(k);
      const res = await send();
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.equal(res.body.status, 'error');
      assert.match(res.body.message, message);
      assert.equal(await used(k), before);
      const listed = await server.request('GET', LISTS, { key: k });
      assert.equal(listed.body.data.count, 0);
    });

  test('over the free lookups: 402, nothing stored', async () => {
    const org = await ensureOrganization(server.runtime.db.pool, 'lists-limit');
    const k = await server.key({ org: 'lists-limit', product: 'addver' });
    await setPlan(server.runtime.db.pool, org.id, { freeLimit: 5, subscribed: false });
    const res = await upload(csvOf(LOUISVILLE_ROWS), {}, k);
    assert.equal(res.status, 402, res.text);
    assert.equal(res.body.type, 'lookup_limit_exceeded_error');
    assert.equal(await used(k), 0);
    assert.equal((await server.request('GET', LISTS, { key: k })).body.data.count, 0);
  });

  test('a print & mail key is refused', async () => {
    const pm = await server.key({ org: 'lists-org' });
    const res = await upload(csvOf(LOUISVILLE_ROWS), {}, pm);
    assert.ok(res.status === 401 || res.status === 403, res.text);
  });
});

describe('GET /v1/addver_lists', () => {
  test('lists newest first with a total, paged by skip and limit; scoped to organization and mode', async () => {
    const k = await server.key({ org: 'lists-page', product: 'addver' });
    const ids: string[] = [];
    for (const name of ['first', 'second', 'third'])
      ids.push((await uploaded(csvOf(LOUISVILLE_ROWS.slice(0, 1)), { name }, k)).id);
    const page = await server.request('GET', `${LISTS}?limit=2&skip=1`, { key: k });
    assert.equal(page.status, 200);
    assert.equal(page.body.data.count, 3);
    assert.deepEqual(
      page.body.data.data.map((l: { name: string }) => l.name),
      ['second', 'first'],
    );
    const live = await server.key({ org: 'lists-page', product: 'addver', mode: 'live' });
    assert.equal((await server.request('GET', LISTS, { key: live })).body.data.count, 0);
    assert.equal((await server.request('GET', `${LISTS}/${ids[0]}`, { key: live })).status, 404);
    const other = await server.key({ org: 'lists-other', product: 'addver' });
    const missing = await server.request('GET', `${LISTS}/${ids[0]}`, { key: other });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.status, 'error');
    const bad = await server.request('GET', `${LISTS}/letter_abc`, { key: k });
    assert.equal(bad.status, 400);
  });

  test('an Idempotency-Key replays the same list and keeps one file', async () => {
    const headers = { 'Idempotency-Key': `lists-${Date.now()}` };
    const csv = csvOf(LOUISVILLE_ROWS.slice(0, 2));
    const first = await upload(csv, {}, key, headers);
    const again = await upload(csv, {}, key, headers);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.body.data.id, first.body.data.id);
  });
});
