import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { reference } from '../../src/engines/address/index.js';
import { importBoundaries } from '../../src/reference-store/boundaries/import-boundaries.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { TIGER_DIR, tigerZip } from '../helpers/tiger-fixtures.js';
import { LOUISVILLE_CSV, SF_CSV, SF_MAP, writeFixture } from '../helpers/verify-fixture.js';

/**
 * Census and legislative fields over HTTP, from the TIGER/Line fixtures (test/fixtures/tiger/:
 * made-up polygons around these points, in the real file layouts).
 */
let server: TestServer;
let key: string;

const NEWBURG = '1920 NEWBURG RD, LOUISVILLE, KY 40205';
const LIBERTY = '533 E LIBERTY ST, LOUISVILLE, KY 40202';
const WADSWORTH = '2221 WADSWORTH AVE, LOUISVILLE, KY 40205';
const VAN_NESS = '601 VAN NESS AVE, SAN FRANCISCO, CA 94102';
const CAPITAL = '700 CAPITAL AVE, FRANKFORT, KY 40601';

const CENSUS_FIELDS = [
  'usCensusFIPS',
  'usCensusTractNumber',
  'usCensusBlockNumber',
  'usCensusMSA',
  'usCensusCMSA',
  'usCensusPMSA',
  'usCensusMA',
  'usStateLegislativeUpper',
  'usStateLegislativeLower',
];

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'geo-org', product: 'addver' });
  const pool = server.runtime.db.pool;
  await importPoints(pool, writeFixture('geo-louisville.csv', LOUISVILLE_CSV));
  await importPoints(pool, writeFixture('geo-sf.csv', SF_CSV), { map: SF_MAP });
  await importPoints(
    pool,
    writeFixture(
      'geo-frankfort.csv',
      'NUMBER,STREET,CITY,REGION,POSTCODE,LAT,LON\n700,CAPITAL AVE,Frankfort,KY,40601,38.1868,-84.8753\n',
    ),
  );
});
after(() => server.close());

async function details(address: string, query = '?includeDetails=true'): Promise<Record<string, any>> {
  const res = await server.request('POST', `/v1/addver/verifications${query}`, { key, json: { address } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.details;
}

/** The census fields of an answer (the others are not what these tests are about). */
async function census(address: string): Promise<Record<string, string>> {
  const d = await details(address);
  return Object.fromEntries(
    [...CENSUS_FIELDS, 'usCongressionalDistrictNumber', 'county', 'countyNum']
      .filter((f) => d[f] !== undefined)
      .map((f) => [f, d[f]]),
  );
}

/** Servers re-read which layers exist every 5 s: waits (bounded) until this one has seen the import. */
async function untilSeen(address: string, field: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if ((await details(address))[field] !== undefined) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the server did not see the import (${field} of ${address})`);
}

const zctaDistrict = (zip: string) => {
  const d = new Set(reference.congressionalDistricts(zip).map((x) => (x.atLarge ? 'AL' : x.district)));
  return d.size === 1 ? [...d][0] : undefined;
};

describe('census and legislative fields (includeDetails)', () => {
  test('no layer imported: none of the census fields, the district from the ZCTA table', async () => {
    const d = await details(NEWBURG);
    for (const f of CENSUS_FIELDS) assert.equal(f in d, false, f);
    assert.equal(d.usCongressionalDistrictNumber, zctaDistrict('40205'));
    assert.equal(d.county, 'JEFFERSON');
  });

  test('the county layer alone: the FIPS and county, nothing of the layers not imported', async () => {
    const r = await importBoundaries(server.runtime.db.pool, [tigerZip('county')]);
    assert.equal(r.inserted, 3);
    await untilSeen(NEWBURG, 'usCensusFIPS');
    assert.deepEqual(await census(NEWBURG), {
      usCensusFIPS: '21111',
      county: 'JEFFERSON',
      countyNum: '111',
      usCongressionalDistrictNumber: zctaDistrict('40205'),
    });
    assert.deepEqual(await census(CAPITAL), {
      usCensusFIPS: '21073',
      county: 'FRANKLIN',
      countyNum: '073',
      ...(zctaDistrict('40601') ? { usCongressionalDistrictNumber: zctaDistrict('40601') } : {}),
    });
  });

  test('every layer: each fixture area answers its fields; a point outside a layer has none of its fields', async () => {
    const r = await importBoundaries(server.runtime.db.pool, [TIGER_DIR]);
    assert.equal(r.files.length, 10);
    await untilSeen(NEWBURG, 'usCensusBlockNumber');
    const louisvilleMetro = { usCensusMSA: '31140', usCensusMA: '31140', usCensusCMSA: '350' };
    assert.deepEqual(await census(NEWBURG), {
      usCensusFIPS: '21111',
      usCensusTractNumber: '010300',
      usCensusBlockNumber: '1001',
      ...louisvilleMetro,
      usStateLegislativeUpper: '033',
      usStateLegislativeLower: '043',
      usCongressionalDistrictNumber: '3',
      county: 'JEFFERSON',
      countyNum: '111',
    });
    // In the hole of tract 010300: the island tract 010400; the second part of district 043.
    assert.deepEqual(await census(LIBERTY), {
      usCensusFIPS: '21111',
      usCensusTractNumber: '010400',
      usCensusBlockNumber: '2003',
      ...louisvilleMetro,
      usStateLegislativeUpper: '035',
      usStateLegislativeLower: '043',
      usCongressionalDistrictNumber: '3',
      county: 'JEFFERSON',
      countyNum: '111',
    });
    // Outside every tract, block and lower district; the district layer says 2 where the ZCTA says 3.
    assert.equal(zctaDistrict('40205'), '3');
    assert.deepEqual(await census(WADSWORTH), {
      usCensusFIPS: '21111',
      ...louisvilleMetro,
      usStateLegislativeUpper: '033',
      usCongressionalDistrictNumber: '2',
      county: 'JEFFERSON',
      countyNum: '111',
    });
    // A metropolitan division; no California tracts or districts were imported.
    assert.deepEqual(await census(VAN_NESS), {
      usCensusFIPS: '06075',
      usCensusMSA: '41860',
      usCensusMA: '41860',
      usCensusCMSA: '488',
      usCensusPMSA: '41884',
      ...(zctaDistrict('94102') ? { usCongressionalDistrictNumber: zctaDistrict('94102') } : {}),
      county: 'SAN FRANCISCO',
      countyNum: '075',
    });
    // A micropolitan area: MSA (the CBSA) but no MA; in no CSA; outside the fixture's districts.
    assert.deepEqual(await census(CAPITAL), {
      usCensusFIPS: '21073',
      usCensusMSA: '23180',
      ...(zctaDistrict('40601') ? { usCongressionalDistrictNumber: zctaDistrict('40601') } : {}),
      county: 'FRANKLIN',
      countyNum: '073',
    });
  });

  test('an interpolated point is placed; a ZIP centre is not (that would be a guess)', async () => {
    // 1926 is not a point: between 1924 and 1930, inside block 1001.
    const between = await details(
      '1926 NEWBURG RD, LOUISVILLE, KY 40205',
      '?includeDetails=true&geocode=true',
    );
    assert.equal(between.usCensusBlockNumber, '1001');
    assert.equal(between.usCensusTractNumber, '010300');
    const zipOnly = await details('100 NOWHERE LN, LOUISVILLE, KY 40205');
    for (const f of CENSUS_FIELDS) assert.equal(f in zipOnly, false, f);
  });

  test('without includeDetails there are no details; the batch and suggestions answer the fields too', async () => {
    const plain = await server.request('POST', '/v1/addver/verifications', {
      key,
      json: { address: NEWBURG },
    });
    assert.equal(plain.body.data.details, undefined);
    const batch = await server.request('POST', '/v1/addver/verifications/batch?includeDetails=true', {
      key,
      json: { addresses: [NEWBURG, LIBERTY] },
    });
    assert.equal(batch.status, 200);
    const blocks = batch.body.data.results.map((r: any) => r.verifiedAddress.details.usCensusBlockNumber);
    assert.deepEqual(blocks, ['1001', '2003']);
    const suggestions = await server.request('POST', '/v1/addver/suggestions?includeDetails=true', {
      key,
      json: { address: '1922 NEWBURG RD, LOUISVILLE, KY 40205' },
    });
    assert.equal(suggestions.status, 200);
    assert.ok(suggestions.body.data.length > 0);
    for (const s of suggestions.body.data) assert.equal(s.details.usCensusFIPS, '21111');
  });

  test('importing the same files twice changes nothing', async () => {
    const pool = server.runtime.db.pool;
    const snapshot = async () =>
      (
        await pool.query(
          `SELECT md5(string_agg(a::text, '|' ORDER BY layer, geoid)) AS areas,
                  (SELECT string_agg(l.layer || l.version, ',' ORDER BY l.layer) FROM census_layers l) AS versions
             FROM census_areas a`,
        )
      ).rows[0];
    const before = await snapshot();
    const again = await importBoundaries(pool, [TIGER_DIR]);
    assert.deepEqual([again.inserted, again.updated, again.removed], [0, 0, 0]);
    assert.equal(again.areas, 22);
    assert.deepEqual(await snapshot(), before);
    assert.equal((await census(NEWBURG)).usCensusBlockNumber, '1001');
  });
});
