import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/completion-points.csv');
const ORG = 'completions-org';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: ORG, product: 'addver' });
  // Geocoding is part of a plan (spec 2.5): these tests ask for it.
  const org = await ensureOrganization(server.runtime.db.pool, ORG);
  await setPlan(server.runtime.db.pool, org.id, { geocoding: true });
  await importPoints(server.runtime.db.pool, FIXTURE);
});
after(() => server.close());

const previews = (query: Record<string, string>) =>
  server.request('GET', `/v1/addver/completions?${new URLSearchParams(query)}`, { key });

/** Previews as "ADDRESS, CITY PC" lines. */
async function lines(query: Record<string, string>): Promise<string[]> {
  const res = await previews(query);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'success');
  return res.body.data.map(
    (d: { preview: { address: string; city: string; pc?: string; prov?: string } }) =>
      `${d.preview.address}, ${d.preview.city} ${d.preview.pc ?? d.preview.prov}`,
  );
}

const resolve = (query: string, json: unknown) =>
  server.request('POST', `/v1/addver/completions${query}`, { key, json });

async function used(): Promise<number> {
  return (await server.request('GET', '/v1/addver', { key })).body.data.used;
}

describe('GET /v1/addver/completions', () => {
  test('the street points are counted in the names table the migration keeps', async () => {
    const names = await server.runtime.db.pool.query(
      "SELECT points FROM address_street_names WHERE name = 'NEWBURG'",
    );
    assert.equal(Number(names.rows[0].points), 4);
  });

  test('prefix on number and street, ranked by match quality', async () => {
    assert.deepEqual(await lines({ partialStreet: '1920 new' }), [
      '1920 NEW ST, LOUISVILLE 40208',
      '1920 NEW CUT RD, LOUISVILLE 40214',
      '1920 NEWBURG RD, LOUISVILLE 40205',
    ]);
    const typing = await lines({ partialStreet: '192' });
    assert.equal(typing[0], '192 NEWBURG RD, LOUISVILLE 40205');
    assert.ok(typing.slice(1).every((l) => l.startsWith('192')));
  });

  test('equal matches by locality: the ZIP with more points first; a typed locality first of all', async () => {
    assert.deepEqual((await lines({ partialStreet: '1920 main st' })).slice(0, 4), [
      '1920 MAIN ST, LEXINGTON 40507',
      '1920 MAIN ST, COLUMBUS 43215',
      '1920 MAIN ST, FRANKFORT 40601',
      '1920 MAIN ST W, HAMILTON L8S',
    ]);
    assert.equal(
      (await lines({ partialStreet: '1920 main st, columbus' }))[0],
      '1920 MAIN ST, COLUMBUS 43215',
    );
  });

  test('a street without a number; a direction left out; units in order and by prefix', async () => {
    assert.deepEqual(await lines({ partialStreet: 'newburg r' }), [
      '192 NEWBURG RD, LOUISVILLE 40205',
      '1920 NEWBURG RD, LOUISVILLE 40205',
      '1924 NEWBURG RD, LOUISVILLE 40205',
      '1930 NEWBURG RD, LOUISVILLE 40205',
    ]);
    assert.deepEqual(await lines({ partialStreet: '3119 2nd st' }), ['3119 S 2ND ST, LOUISVILLE 40208']);
    assert.deepEqual(await lines({ partialStreet: '601 Van Ness Ave' }), [
      '601 VAN NESS AVE, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 2, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 10, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 48, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 73, SAN FRANCISCO 94102',
    ]);
    assert.deepEqual(await lines({ partialStreet: '601 van ness ave #7' }), [
      '601 VAN NESS AVE # 73, SAN FRANCISCO 94102',
    ]);
  });

  test('typo-tolerant on the street name (trigram search over the names)', async () => {
    assert.deepEqual(await lines({ partialStreet: '1920 newbrug rd' }), [
      '1920 NEWBURG RD, LOUISVILLE 40205',
    ]);
    assert.deepEqual(await lines({ partialStreet: '1920 newbugr' }), ['1920 NEWBURG RD, LOUISVILLE 40205']);
    // The first letter is taken as typed (docs/autocomplete.md).
    assert.deepEqual(await lines({ partialStreet: '1920 mewburg' }), []);
    assert.deepEqual(await lines({ partialStreet: 'wadswroth' }), ['2221 WADSWORTH AVE, LOUISVILLE 40205']);
  });

  test('a known street without the typed number is offered last; verifiedOnly leaves it out', async () => {
    assert.deepEqual(await lines({ partialStreet: '1922 newburg rd' }), [
      '1922 NEWBURG RD, LOUISVILLE 40205',
    ]);
    assert.deepEqual(await lines({ partialStreet: '1922 newburg rd', verifiedOnly: 'true' }), []);
  });

  test('each filter: state, country, postal prefix, city prefix, exact, mailing city', async () => {
    const main = { partialStreet: '1920 main' };
    assert.deepEqual(await lines({ ...main, stateFilter: 'oh' }), ['1920 MAIN ST, COLUMBUS 43215']);
    assert.deepEqual(await lines({ ...main, countryFilter: 'CA' }), ['1920 MAIN ST W, HAMILTON L8S']);
    assert.deepEqual(await lines({ ...main, pcFilter: 'l8s 1h1' }), ['1920 MAIN ST W, HAMILTON L8S']);
    assert.deepEqual(await lines({ ...main, pcFilter: '406' }), ['1920 MAIN ST, FRANKFORT 40601']);
    assert.deepEqual(await lines({ ...main, cityFilter: 'Lex' }), ['1920 MAIN ST, LEXINGTON 40507']);
    assert.deepEqual(await lines({ ...main, cityFilter: 'Lex', filterExact: 'true' }), []);
    assert.deepEqual(await lines({ ...main, cityFilter: 'Lexington', filterExact: 'true' }), [
      '1920 MAIN ST, LEXINGTON 40507',
    ]);
    // The Queens point says "New York"; its ZIP's mailing city is Maspeth.
    assert.deepEqual(await lines({ partialStreet: '68-01 52', cityFilter: 'maspeth' }), [
      '68-01 52 DR, MASPETH 11378',
    ]);
  });

  test('provInsteadOfPC, properCase and limit', async () => {
    const res = await previews({
      partialStreet: '1920 newburg',
      provInsteadOfPC: 'true',
      properCase: 'true',
    });
    assert.deepEqual(res.body.data, [
      { preview: { address: '1920 Newburg Rd', city: 'Louisville', prov: 'KY' } },
    ]);
    assert.equal((await lines({ partialStreet: '1920 ', limit: '2' })).length, 2);
    assert.equal((await lines({ partialStreet: '1920 ' })).length, 7);
  });

  test('previews consume no lookup', async () => {
    const before = await used();
    await lines({ partialStreet: '1920 new' });
    await lines({ partialStreet: '1920 newbrug' });
    assert.equal(await used(), before);
  });

  test('bad input is a 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /partialStreet is required/],
      [{ partialStreet: ' ,# ' }, /partialStreet must contain/],
      [{ partialStreet: 'x'.repeat(300) }, /partialStreet/],
      [{ partialStreet: '1 main', limit: '0' }, /limit/],
      [{ partialStreet: '1 main', limit: '101' }, /limit/],
      [{ partialStreet: '1 main', limit: 'ten' }, /limit/],
      [{ partialStreet: '1 main', countryFilter: 'gb' }, /countryFilter must be us or ca/],
      [{ partialStreet: '1 main', countryFilter: 'zz' }, /countryFilter "zz" is not a known country/],
      [{ partialStreet: '1 main', stateFilter: 'Narnia' }, /stateFilter "Narnia" is not/],
      [{ partialStreet: '1 main', pcFilter: '40*' }, /pcFilter must be a postal code/],
      [{ partialStreet: '1 main', verifiedOnly: 'maybe' }, /verifiedOnly/],
    ];
    for (const [query, message] of cases) {
      const res = await previews(query);
      assert.equal(res.status, 400, `${JSON.stringify(query)}: ${res.text}`);
      assert.equal(res.body.status, 'error');
      assert.match(res.body.message, message);
    }
  });

  test('odd text is searched or refused, never an error of ours', async () => {
    for (const partialStreet of [
      '1920 new\u0000',
      '1920 n\u0007ew',
      'ÉCOLE',
      '１９２０',
      '1920 😀',
      '1-',
      '---1',
      '% _ \\',
      '#',
      '1920 new\uD800',
    ]) {
      const res = await previews({ partialStreet });
      assert.ok(
        res.status === 200 || res.status === 400,
        `${JSON.stringify(partialStreet)}: ${res.status} ${res.text}`,
      );
    }
    assert.deepEqual(
      await lines({ partialStreet: '1920 new\u0007st' }),
      await lines({ partialStreet: '1920 new st' }),
    );
  });

  test('needs an address-verification key', async () => {
    const res = await server.request('GET', '/v1/addver/completions?partialStreet=1920', {});
    assert.equal(res.status, 401);
  });
});

describe('POST /v1/addver/completions', () => {
  const body = {
    partialStreet: '1920 newburg',
    cityFilter: 'louisville',
    stateFilter: 'KY',
    countryFilter: 'us',
  };

  test('without index: every completed address (1 lookup)', async () => {
    const before = await used();
    const res = await resolve('', { partialStreet: '1920 main st' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 4);
    assert.deepEqual(res.body.data[3], {
      address: { address: '1920 MAIN ST W', city: 'HAMILTON', country: 'CA', pc: 'L8S 1H1', prov: 'ON' },
      errors: {},
    });
    assert.equal(await used(), before + 1);
    // A number no MAIN ST has: each street offered with it, saying the number is not confirmed.
    const guesses = await resolve('', { partialStreet: '1926 main st' });
    assert.ok(guesses.body.data.length >= 4);
    for (const item of guesses.body.data)
      assert.deepEqual(item.errors, { line1: ['Incorrect Value: Civic number'] });
    assert.equal(await used(), before + 2);
  });

  test('with index: the preview at that index, in full; geocode costs one more', async () => {
    const list = await lines({ partialStreet: '601 van ness ave' });
    const before = await used();
    const res = await resolve('?index=3&properCase=true', { partialStreet: '601 van ness ave' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.address.address.toUpperCase(), list[3].split(',')[0]);
    assert.deepEqual(res.body.data.address, {
      address: '601 Van Ness Ave # 48',
      city: 'San Francisco',
      country: 'US',
      pc: '94102',
      prov: 'CA',
    });
    assert.equal(await used(), before + 1);
    const geo = await resolve('?index=0&geocode=true', body);
    assert.deepEqual(geo.body.data.geocodeResult, {
      accuracy: 1,
      accuracyType: 'rooftop',
      location: { lat: 38.2211, lng: -85.711 },
    });
    assert.equal(await used(), before + 3);
  });

  test('with index and verify=true: the verifier answers (1 lookup, +1 with a geocode)', async () => {
    const before = await used();
    const res = await resolve('?index=0&verify=true&includeDetails=true', body);
    assert.equal(res.status, 200, res.text);
    const d = res.body.data;
    assert.equal(d.status, 'verified');
    assert.deepEqual(
      [d.line1, d.city, d.provinceOrState, d.postalOrZip, d.country],
      ['1920 NEWBURG RD', 'LOUISVILLE', 'KY', '40205', 'us'],
    );
    assert.equal(d.details.streetName, 'NEWBURG');
    assert.equal(await used(), before + 1);
    const geo = await resolve('?index=0&verify=true&geocode=true', body);
    assert.equal(geo.body.data.geocodeResult.accuracyType, 'rooftop');
    assert.equal(await used(), before + 3);
  });

  test('a guessed number resolves with its error, and verifies as failed', async () => {
    const res = await resolve('?index=0', { partialStreet: '1922 newburg rd' });
    assert.deepEqual(res.body.data, {
      address: { address: '1922 NEWBURG RD', city: 'LOUISVILLE', country: 'US', pc: '40205', prov: 'KY' },
      errors: { line1: ['Incorrect Value: Civic number'] },
    });
    const verified = await resolve('?index=0&verify=true', { partialStreet: '1922 newburg rd' });
    assert.equal(verified.body.data.status, 'failed');
    // verifiedOnly in the body or the query leaves it out.
    assert.equal(
      (await resolve('?index=0', { partialStreet: '1922 newburg rd', verifiedOnly: true })).status,
      400,
    );
    assert.equal(
      (await resolve('?index=0&verifiedOnly=true', { partialStreet: '1922 newburg rd' })).status,
      400,
    );
    // the official SDK sends its body flag as `body_verifiedOnly`
    assert.equal(
      (await resolve('?index=0', { partialStreet: '1922 newburg rd', body_verifiedOnly: true })).status,
      400,
    );
  });

  test('client shapes: filters in a form body with properCase in the query; everything in the query', async () => {
    const form = await server.request('POST', '/v1/addver/completions?properCase=true&index=0', {
      key,
      form: {
        partialStreet: '1920 main',
        stateFilter: 'OH',
        countryFilter: 'US',
        pcFilter: '43',
        cityFilter: 'Col',
      },
    });
    assert.equal(form.status, 200, form.text);
    assert.equal(form.body.data.address.address, '1920 Main St');
    assert.equal(form.body.data.address.city, 'Columbus');
    const query = await server.request(
      'POST',
      '/v1/addver/completions?partialStreet=1920%20newburg&index=0',
      {
        key,
      },
    );
    assert.equal(query.status, 200, query.text);
    assert.equal(query.body.data.address.address, '1920 NEWBURG RD');
    // Fields other clients add (city, provinceOrState) are ignored, not refused.
    const extra = await resolve('', {
      partialStreet: '1920 newburg',
      city: 'Louisville',
      provinceOrState: 'KY',
    });
    assert.equal(extra.status, 200, extra.text);
  });

  test('out of lookups: POST is a 402 and consumes nothing; previews still answer', async () => {
    const pool = server.runtime.db.pool;
    const org = await ensureOrganization(pool, 'completions-limited');
    const limited = await server.key({ org: 'completions-limited', product: 'addver' });
    await setPlan(pool, org.id, { freeLimit: 2, subscribed: false, geocoding: true });
    const post = (query: string) =>
      server.request('POST', `/v1/addver/completions${query}`, { key: limited, json: body });
    assert.equal((await post('?index=0')).status, 200);
    // 1 left: geocoding would need 2, so the whole call is refused.
    const refused = await post('?index=0&geocode=true');
    assert.equal(refused.status, 402, refused.text);
    assert.match(refused.body.message, /needs 2 lookups/);
    const info = await server.request('GET', '/v1/addver', { key: limited });
    assert.equal(info.body.data.used, 1);
    const preview = await server.request('GET', '/v1/addver/completions?partialStreet=1920%20new', {
      key: limited,
    });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.data.length, 3);
  });

  test('bad input is a 400 naming the field, and nothing is charged', async () => {
    const before = await used();
    const cases: Array<[string, unknown, RegExp]> = [
      ['', {}, /partialStreet is required/],
      ['?index=5', { partialStreet: '1920 newburg' }, /index is 5, but 1 completion match/],
      ['?index=-1', { partialStreet: '1920 newburg' }, /index/],
      ['?index=x', { partialStreet: '1920 newburg' }, /index/],
      ['', { partialStreet: '1920 newburg', countryFilter: 'fr' }, /countryFilter must be us or ca/],
      [
        '',
        { partialStreet: '1920 newburg', stateFilter: 'ON', countryFilter: 'us' },
        /stateFilter "ON" is not a US state/,
      ],
      ['?verify=perhaps', { partialStreet: '1920 newburg' }, /verify/],
    ];
    for (const [query, json, message] of cases) {
      const res = await resolve(query, json);
      assert.equal(res.status, 400, `${query} ${JSON.stringify(json)}: ${res.text}`);
      assert.match(res.body.message, message);
    }
    assert.equal(await used(), before);
  });
});
