import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LOUISVILLE_CSV, SF_CSV, SF_MAP, writeFixture } from '../helpers/verify-fixture.js';

let server: TestServer;
let key: string;
const GOOD = '1920 NEWBURG RD, LOUISVILLE, KY 40205';

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'verify-org', product: 'addver' });
  const pool = server.runtime.db.pool;
  // Geocoding is part of a plan (spec 2.5): these tests ask for it.
  await setPlan(pool, (await ensureOrganization(pool, 'verify-org')).id, { geocoding: true });
  await importPoints(pool, writeFixture('louisville.csv', LOUISVILLE_CSV));
  await importPoints(pool, writeFixture('sf.csv', SF_CSV), { map: SF_MAP });
});
after(() => server.close());

const verify = (address: unknown, query = '', k = key) =>
  server.request('POST', `/v1/addver/verifications${query}`, { key: k, json: { address } });

async function used(org: string): Promise<number> {
  const k = await server.key({ org, product: 'addver' });
  return (await server.request('GET', '/v1/addver', { key: k })).body.data.used;
}

describe('import', () => {
  test('the same file twice adds nothing', async () => {
    const again = await importPoints(server.runtime.db.pool, writeFixture('louisville.csv', LOUISVILLE_CSV));
    assert.equal(again.rows, 9);
    assert.equal(again.inserted, 0);
  });
});

describe('POST /v1/addver/verifications', () => {
  test('verified: envelope, lower-case country, upper-case names, empty errors, no zipPlus4', async () => {
    const res = await verify(GOOD);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'success');
    const d = res.body.data;
    assert.equal(d.status, 'verified');
    assert.deepEqual(d.errors, {});
    assert.deepEqual(
      [d.line1, d.city, d.provinceOrState, d.postalOrZip, d.country, d.countryName, d.provinceOrStateName],
      ['1920 NEWBURG RD', 'LOUISVILLE', 'KY', '40205', 'us', 'UNITED STATES', 'KENTUCKY'],
    );
    assert.equal('zipPlus4' in d, false);
  });

  test('corrected: each correction as "<Primary>: <Secondary>" under its field', async () => {
    const res = await verify({
      line1: '1920 Newbrug Road',
      city: 'Louisville',
      provinceOrState: 'Kentucky',
      country: 'US',
    });
    assert.equal(res.body.data.status, 'corrected');
    assert.deepEqual(res.body.data.errors, {
      line1: ['Typo in Value: Street name', 'Verbosity: Street type'],
      postalOrZip: ['Missing Value: Zip Code'],
    });
    assert.equal(res.body.data.line1, '1920 NEWBURG RD');
    assert.equal(res.body.data.postalOrZip, '40205');
  });

  test('failed: unknown number, unknown street, missing unit, unknown unit, no coverage', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['1922 NEWBURG RD, LOUISVILLE, KY 40205', { line1: ['Incorrect Value: Civic number'] }],
      ['1920 QUUXLY BLVD, LOUISVILLE, KY 40205', { line1: ['Incorrect Value: Street name'] }],
      ['500 W MAIN ST, LOUISVILLE, KY 40202', { line1: ['Missing Value: Suite identifier'] }],
      ['1516 FOLSOM ST UNIT 9, SAN FRANCISCO, CA 94103', { line1: ['Incorrect Value: Suite identifier'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await verify(input);
      assert.equal(res.body.data.status, 'failed', input);
      assert.deepEqual(res.body.data.errors, errors, input);
    }
    const uncovered = await verify('1600 Pennsylvania Ave NW, Washington, DC 20500');
    assert.equal(uncovered.body.data.status, 'failed');
    assert.match(uncovered.body.data.errors.generic[0], /^Missing Value: Reference address data/);
    assert.equal(uncovered.body.data.city, 'WASHINGTON');
  });

  test('properCase, includeDetails and geocode (+1 lookup)', async () => {
    const before = await used('verify-org');
    const res = await verify(GOOD, '?properCase=true&includeDetails=true&geocode=true');
    assert.equal(res.body.data.line1, '1920 Newburg Rd');
    assert.equal(res.body.data.details.county, 'JEFFERSON');
    assert.equal(res.body.data.details.streetName, 'NEWBURG');
    assert.equal(res.body.data.details.streetType, 'RD');
    assert.equal(res.body.data.geocodeResult.accuracyType, 'rooftop');
    assert.deepEqual(res.body.data.geocodeResult.location, { lat: 38.2211, lng: -85.711 });
    assert.equal((await used('verify-org')) - before, 2);
  });

  test('bad input is a 400 naming the problem, and nothing is charged', async () => {
    const before = await used('verify-org');
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /address is required/],
      ['x'.repeat(5000), /address/],
      [{ line1: '1 Main St', country: 'zz' }, /address\.country "zz" is not a known country/],
      [{ line1: '1 Main St', country: 'gb' }, /address\.country must be us or ca/],
      [{ city: 'Louisville' }, /line1/],
      [42, /address must be a freeform string or an address object/],
    ];
    for (const [address, message] of cases) {
      const res = await server.request('POST', '/v1/addver/verifications', {
        key,
        json: address === undefined ? {} : { address },
      });
      assert.equal(res.status, 400, String(message));
      assert.equal(res.body.status, 'error');
      assert.match(res.body.message, message);
    }
    assert.equal(await used('verify-org'), before);
  });
});

describe('POST /v1/addver/suggestions', () => {
  test('up to 3 verified addresses, closest first', async () => {
    const res = await server.request('POST', '/v1/addver/suggestions', {
      key,
      json: { address: '1923 Newburg Rd, Louisville KY 40205' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((a: { line1: string }) => a.line1),
      ['1924 NEWBURG RD', '1920 NEWBURG RD', '1930 NEWBURG RD'],
    );
    assert.ok(res.body.data.every((a: { status: string }) => a.status === 'verified'));
  });
});

describe('POST /v1/addver/verifications/batch', () => {
  const batch = (addresses: unknown, k: string, query = '') =>
    server.request('POST', `/v1/addver/verifications/batch${query}`, { key: k, json: { addresses } });

  test('mixed items: results in input order, bad items carry error and no verifiedAddress', async () => {
    const res = await batch(
      [
        GOOD,
        { address: '1922 NEWBURG RD, LOUISVILLE, KY 40205' },
        {
          line1: '2221 Wadsworth Ave',
          city: 'Louisville',
          provinceOrState: 'KY',
          postalOrZip: '40205',
          country: 'us',
        },
        { line1: '1 High St', country: 'gb' },
        { address: { line1: '4110 Caaven Ct', postalOrZip: '40229' } },
        '   ',
      ],
      key,
    );
    assert.equal(res.status, 200);
    const r = res.body.data.results;
    assert.deepEqual(
      r.map(
        (x: { verifiedAddress?: { status: string }; error?: string }) => x.verifiedAddress?.status ?? 'error',
      ),
      ['verified', 'error', 'verified', 'error', 'corrected', 'error'],
    );
    // An address that does not verify (§7.3): its error in the words of its errors, nothing else.
    assert.deepEqual(Object.keys(r[1]), ['error']);
    const single = await server.request('POST', '/v1/addver/verifications', {
      key,
      json: { address: '1922 NEWBURG RD, LOUISVILLE, KY 40205' },
    });
    assert.equal(single.body.data.status, 'failed');
    const words = Object.entries(single.body.data.errors as Record<string, string[]>).flatMap(([f, list]) =>
      list.map((e) => `${f}: ${e}`),
    );
    assert.equal(r[1].error, words.join('; '));
    assert.match(r[3].error, /addresses\[3\]\.country must be us or ca/);
    assert.equal('verifiedAddress' in r[3], false);
    assert.equal(r[4].verifiedAddress.line1, '4110 CAVEN CT');
  });

  test('secret key only', async () => {
    const pk = await server.key({ org: 'verify-org', product: 'addver', kind: 'public' });
    const res = await batch([GOOD], pk);
    assert.ok([401, 403].includes(res.status));
    assert.equal(res.body.status, 'error');
  });

  test('2,001 items, or an item too long: 400, nothing charged', async () => {
    const before = await used('verify-org');
    const tooMany = await batch(
      Array.from({ length: 2001 }, () => GOOD),
      key,
    );
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.message, /2001 items; at most 2000/);
    const wrongType = await batch([GOOD, 7], key);
    assert.equal(wrongType.status, 200);
    assert.match(
      wrongType.body.data.results[1].error,
      /addresses\[1\] must be a freeform string or an address object/,
    );
    const tooLong = await batch([GOOD, 'x'.repeat(5000)], key);
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.message, /addresses/);
    const missing = await server.request('POST', '/v1/addver/verifications/batch', { key, json: {} });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /addresses is required/);
    // Only the one readable address of the wrong-type batch was charged.
    assert.equal(await used('verify-org'), before + 1);
  });

  test('metering: 1 per valid address, +1 each with geocode; over the free limit the whole batch fails', async () => {
    const org = await ensureOrganization(server.runtime.db.pool, 'batch-meter');
    const k = await server.key({ org: 'batch-meter', product: 'addver' });
    await setPlan(server.runtime.db.pool, org.id, { freeLimit: 10, subscribed: false, geocoding: true });
    const ok = await batch([GOOD, GOOD, { line1: 'x', country: 'zz' }], k, '?geocode=true');
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.results[0].verifiedAddress.geocodeResult.accuracyType, 'rooftop');
    assert.equal(await used('batch-meter'), 4);
    const over = await batch([GOOD, GOOD, GOOD, GOOD], k, '?geocode=true');
    assert.equal(over.status, 402);
    assert.equal(over.body.status, 'error');
    assert.equal(await used('batch-meter'), 4);
  });
});
