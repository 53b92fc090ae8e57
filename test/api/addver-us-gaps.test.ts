import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/us-gap-points.csv');
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'us-gaps', product: 'addver' });
  await importPoints(server.runtime.db.pool, FIXTURE);
});
after(() => server.close());

const post = (route: string, json: unknown, k = key) =>
  server.request('POST', `/v1/addver${route}`, { key: k, json });
const used = async (k: string) => (await server.request('GET', '/v1/addver', { key: k })).body.data.used;

describe('verifications', () => {
  test('a numbered street and a unit written apart resolve to the imported point', async () => {
    const res = await post('/verifications', {
      address: {
        line1: '409 Market Street',
        line2: 'Apt 409 A',
        city: 'San Francisco',
        provinceOrState: 'CA',
        postalOrZip: '94105',
        country: 'us',
      },
    });
    assert.equal(res.status, 200, res.text);
    const d = res.body.data;
    assert.deepEqual([d.status, d.line1, d.line2], ['corrected', '409 MARKET ST', 'APT 409A']);
    const numbered = await post('/verifications', { address: '500 10th Ave, New York, NY 10018' });
    assert.deepEqual([numbered.body.data.status, numbered.body.data.line1], ['verified', '500 10 AVE']);
  });

  test('urbanization: on line2 for Puerto Rico, in single and batch requests', async () => {
    const address = {
      line1: '1000 Calle Luna',
      city: 'San Juan',
      provinceOrState: 'PR',
      postalOrZip: '00926',
      urbanization: 'Las Gladiolas',
    };
    const one = await post('/verifications', { address });
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.data.line2, 'URB LAS GLADIOLAS');
    // No Puerto Rico points are imported here, so the address fails (at ZIP level), and a batch
    // answers a failing address with its error alone (§7.3).
    assert.equal(one.body.data.status, 'failed');
    const batch = await post('/verifications/batch', { addresses: [address] });
    assert.deepEqual(Object.keys(batch.body.data.results[0]), ['error']);
  });
});

describe('batch: an item that cannot be read fails alone', () => {
  test('no line1, a number, null, a non-string field: per-item errors, the rest verified and charged', async () => {
    const k = await server.key({ org: 'us-gaps-batch', product: 'addver' });
    const res = await post(
      '/verifications/batch',
      {
        addresses: [
          '500 10th Ave, New York, NY 10018',
          { city: 'Louisville' },
          5,
          null,
          { line1: '3119 S 2 St', city: 'Louisville', provinceOrState: 'KY', postalOrZip: 40208 },
          { address: { line2: 'Apt 1' } },
          { line1: '3119 S 2 St', city: 'Louisville', provinceOrState: 'KY', postalOrZip: '40208' },
        ],
      },
      k,
    );
    assert.equal(res.status, 200, res.text);
    const results = res.body.data.results;
    assert.equal(results.length, 7);
    assert.equal(results[0].verifiedAddress.line1, '500 10 AVE');
    assert.match(results[1].error, /addresses\[1\]\.line1/);
    assert.match(results[2].error, /addresses\[2\]/);
    assert.match(results[3].error, /addresses\[3\]/);
    assert.match(results[4].error, /addresses\[4\]\.postalOrZip/);
    assert.match(results[5].error, /addresses\[5\]\.line1/);
    assert.equal(results[6].verifiedAddress.line1, '3119 S 2ND ST');
    for (const i of [1, 2, 3, 4, 5]) assert.equal(results[i].verifiedAddress, undefined);
    assert.equal(await used(k), 2);
  });

  test('a body that is not a batch is still a 400', async () => {
    const res = await post('/verifications/batch', { addresses: 'nope' });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /addresses/);
  });
});

describe('suggestions and city_states', () => {
  test('suggestions from imported Canadian points say ca and CANADA', async () => {
    const res = await post('/suggestions', { address: '25 Sussex Dr, Ottawa, ON K1M 1M4' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((s: { line1: string; country: string; countryName: string }) => [
        s.line1,
        s.country,
        s.countryName,
      ]),
      [
        ['24 SUSSEX DR', 'ca', 'CANADA'],
        ['26 SUSSEX DR', 'ca', 'CANADA'],
      ],
    );
  });

  test('city_states gives a city for Canadian input', async () => {
    for (const [code, city] of [
      ['K1M 1M4', 'OTTAWA'],
      ['M5X', 'TORONTO'],
      ['T2P 1J9', 'CALGARY'],
    ]) {
      const res = await post('/city_states', { postalOrZip: code });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual([res.body.data[0].city, res.body.data[0].country], [city, 'ca'], code);
    }
  });
});

describe('geocode=true: only with geocoding on the plan, charged only when returned', () => {
  const GOOD = '500 10th Ave, New York, NY 10018';
  // No city, state or ZIP: nothing to place it by, so no geocode comes back.
  const NOWHERE = '123 Nowhere Lane';

  test('a plan without geocoding: no geocodeResult, 1 lookup', async () => {
    const k = await server.key({ org: 'us-gaps-nogeo', product: 'addver' });
    const res = await post('/verifications?geocode=true', { address: GOOD }, k);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.geocodeResult, undefined);
    const batch = await post('/verifications/batch?geocode=true', { addresses: [GOOD, GOOD] }, k);
    assert.equal(batch.body.data.results[0].verifiedAddress.geocodeResult, undefined);
    const suggested = await post('/suggestions?geocode=true', { address: GOOD }, k);
    assert.equal(suggested.body.data[0].geocodeResult, undefined);
    assert.equal(await used(k), 4);
  });

  test('a plan with geocoding: +1 per geocode returned, none for an answer without one', async () => {
    const pool = server.runtime.db.pool;
    const org = await ensureOrganization(pool, 'us-gaps-geo');
    const k = await server.key({ org: 'us-gaps-geo', product: 'addver' });
    await setPlan(pool, org.id, { geocoding: true });
    const res = await post('/verifications?geocode=true', { address: GOOD }, k);
    assert.equal(res.body.data.geocodeResult.accuracyType, 'rooftop');
    assert.equal(await used(k), 2);
    const none = await post('/verifications?geocode=true', { address: NOWHERE }, k);
    assert.equal(none.status, 200, none.text);
    assert.equal(none.body.data.geocodeResult, undefined);
    assert.equal(await used(k), 3);
    const batch = await post('/verifications/batch?geocode=true', { addresses: [GOOD, NOWHERE, GOOD] }, k);
    assert.deepEqual(
      batch.body.data.results.map((r: { verifiedAddress?: { geocodeResult?: unknown }; error?: string }) =>
        r.error ? 'error' : !!r.verifiedAddress?.geocodeResult,
      ),
      [true, 'error', true],
    );
    assert.equal(await used(k), 3 + 3 + 2);
  });

  test('a limited plan needs the geocode lookups up front: short of them, the call is refused', async () => {
    const pool = server.runtime.db.pool;
    const org = await ensureOrganization(pool, 'us-gaps-limited');
    const k = await server.key({ org: 'us-gaps-limited', product: 'addver' });
    await setPlan(pool, org.id, { geocoding: true, freeLimit: 3, subscribed: false });
    assert.equal((await post('/verifications?geocode=true', { address: NOWHERE }, k)).status, 200);
    assert.equal(await used(k), 1);
    const refused = await post('/verifications/batch?geocode=true', { addresses: [GOOD, GOOD] }, k);
    assert.equal(refused.status, 402, refused.text);
    assert.equal(await used(k), 1);
    assert.equal((await post('/verifications?geocode=true', { address: GOOD }, k)).status, 200);
    assert.equal(await used(k), 3);
  });
});
