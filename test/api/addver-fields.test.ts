import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { US_ADDRESS_FIELDS, US_DETAIL_FIELDS } from '../../src/engines/address/verify/index.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importBoundaries } from '../../src/reference-store/boundaries/import-boundaries.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { importRanges } from '../../src/reference-store/ranges/import-ranges.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { rangeZip, TIGER_DIR } from '../helpers/tiger-fixtures.js';
import { LOUISVILLE_CSV, SF_CSV, SF_MAP, writeFixture } from '../helpers/verify-fixture.js';

/**
 * docs/verification.md's "Response fields" over HTTP: for every row with a source, an input
 * whose answer has the field; no answer ever has a field whose row has none. The reference data
 * is every kind the table names: OpenAddresses and NAD points, street ranges, all TIGER layers.
 */
const ORG = 'fields-org';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: ORG, product: 'addver' });
  const pool = server.runtime.db.pool;
  await setPlan(pool, (await ensureOrganization(pool, ORG)).id, { geocoding: true });
  await importPoints(pool, path.resolve(import.meta.dirname, '../fixtures/import/nad-delivery.txt'));
  await importPoints(pool, writeFixture('fields-louisville.csv', LOUISVILLE_CSV));
  await importPoints(pool, writeFixture('fields-sf.csv', SF_CSV), { map: SF_MAP });
  await importRanges(pool, [rangeZip('addrfeat'), rangeZip('addrfn'), rangeZip('featnames')]);
  await importBoundaries(pool, [TIGER_DIR]);
});
after(() => server.close());

const NEWBURG = '1920 Newburg Rd, Louisville KY 40205';
const NAD = '10434 Taylorsville Rd, Louisville KY 40299';
const VAN_NESS = '601 Van Ness Ave, San Francisco CA 94102';
const structured = (extra: Record<string, string>) => ({
  line1: '1920 Newburg Rd',
  city: 'Louisville',
  provinceOrState: 'KY',
  postalOrZip: '40205',
  country: 'us',
  ...extra,
});

/** The input that shows each field with a source (the others: NEWBURG, every census layer's). */
const EXAMPLES: Record<string, unknown> = {
  line2: structured({ line1: '500 W Main St', line2: 'Ste 100', postalOrZip: '40202' }),
  firmName: structured({ recipient: 'Acme Inc' }),
  zipPlus4: NAD,
  preDirection: '533 E Liberty St, Louisville KY 40202',
  streetDirection: '533 E Liberty St, Louisville KY 40202',
  postDirection: '1600 Pennsylvania Ave NW, Washington DC 20500',
  suiteKey: '500 W Main St Ste 100, Louisville KY 40202',
  suiteID: '500 W Main St Ste 100, Louisville KY 40202',
  boxID: 'PO Box 123, Louisville KY 40202',
  extraInfo: '2011 Bardstown Rd, Louisville KY 40205',
  residential: NAD,
  usMailingsDeliveryPoint: NAD,
  usMailingCheckDigit: NAD,
  usPostnetBarcode: NAD,
  usCensusPMSA: VAN_NESS,
};

async function answer(address: unknown): Promise<Record<string, any>> {
  const res = await server.request('POST', '/v1/addver/verifications?includeDetails=true&geocode=true', {
    key,
    json: { address },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

const NO_SOURCE = US_DETAIL_FIELDS.filter((r) => r.sources.includes('none')).map((r) => r.field);

function noSourceless(a: Record<string, any>): void {
  for (const f of NO_SOURCE) assert.equal(a.details?.[f], undefined, `details.${f} has no source`);
}

describe('every response field with a source appears, none without', () => {
  test('the verified address (spec 2.2)', async () => {
    for (const row of US_ADDRESS_FIELDS) {
      const a = await answer(EXAMPLES[row.field] ?? NEWBURG);
      assert.notEqual(a[row.field], undefined, `${row.field} (${row.when})`);
      noSourceless(a);
    }
  });

  test('details (spec 2.3)', async () => {
    // Servers re-read which layers exist every 5 s: wait until this one has seen them.
    for (let i = 0; i < 80 && !(await answer(NEWBURG)).details.usCensusBlockNumber; i++)
      await new Promise((r) => setTimeout(r, 100));
    for (const row of US_DETAIL_FIELDS.filter((r) => !r.sources.includes('none'))) {
      const a = await answer(EXAMPLES[row.field] ?? NEWBURG);
      assert.notEqual(a.details[row.field], undefined, `details.${row.field} (${row.when})`);
      noSourceless(a);
    }
  });

  test("a range side without PLUS4 has no ZIP+4 field; residential is only a NAD point's", async () => {
    const a = await answer(EXAMPLES.extraInfo);
    for (const f of ['usMailingsDeliveryPoint', 'usMailingCheckDigit', 'usPostnetBarcode', 'residential'])
      assert.equal(a.details[f], undefined, f);
    assert.equal(a.zipPlus4, undefined);
  });
});
