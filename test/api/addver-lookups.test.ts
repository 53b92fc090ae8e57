import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'addver-org', product: 'addver' });
});
after(() => server.close());

async function plan(org: string, freeLimit: number | null, subscribed: boolean) {
  const o = await ensureOrganization(server.runtime.db.pool, org);
  await setPlan(server.runtime.db.pool, o.id, { freeLimit, subscribed });
}

describe('lookup info', () => {
  test('GET /v1/addver and /v1/addver/ both answer the envelope with usage', async () => {
    for (const path of ['/v1/addver', '/v1/addver/']) {
      const res = await server.request('GET', path, { key });
      assert.equal(res.status, 200, path);
      assert.equal(res.body.status, 'success');
      assert.equal(typeof res.body.message, 'string');
      assert.deepEqual(Object.keys(res.body.data).sort(), ['freeLimit', 'subscribed', 'used']);
    }
  });

  test('print-mail keys are refused with the envelope shape', async () => {
    const pm = await server.key({ org: 'addver-org', product: 'print-mail' });
    const res = await server.request('GET', '/v1/addver', { key: pm });
    assert.equal(res.status, 401);
    assert.equal(res.body.status, 'error');
    assert.match(res.body.message, /address verification/);
    const none = await server.request('GET', '/v1/addver');
    assert.equal(none.status, 401);
    assert.equal(none.body.status, 'error');
  });

  test('public addver keys may call lookups', async () => {
    const pk = await server.key({ org: 'addver-org', product: 'addver', kind: 'public' });
    assert.equal((await server.request('GET', '/v1/addver', { key: pk })).status, 200);
  });
});

describe('parses', () => {
  test('freeform line to components; JSON and urlencoded bodies', async () => {
    const json = await server.request('POST', '/v1/addver/parses', {
      key,
      json: { address: '90 Canal St Suite 600, Boston, MA 02114, US' },
    });
    assert.equal(json.status, 200);
    assert.equal(json.body.data.houseNumber, '90');
    assert.match(json.body.data.road, /canal st/i);
    assert.equal(json.body.data.postcode, '02114');
    const form = await server.request('POST', '/v1/addver/parses', {
      key,
      form: { address: '1 Main St, Springfield IL 62701' },
    });
    assert.equal(form.status, 200);
    assert.equal(form.body.data.houseNumber, '1');
  });

  test('bad input: missing, wrong type, too long → 400 naming address; odd text is a clean answer', async () => {
    const missing = await server.request('POST', '/v1/addver/parses', { key, json: {} });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /address/);
    const long = await server.request('POST', '/v1/addver/parses', {
      key,
      json: { address: 'x'.repeat(10_240) },
    });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /address/);
    const obj = await server.request('POST', '/v1/addver/parses', { key, json: { address: { a: 1 } } });
    assert.equal(obj.status, 400);
    for (const address of ['', '\u0007\u001b', '🏠🏠', '北京市朝阳区建国路88号', '12345 67890', '123']) {
      const res = await server.request('POST', '/v1/addver/parses', { key, json: { address } });
      assert.equal(res.status, 200, JSON.stringify(address));
      assert.equal(typeof res.body.data, 'object');
    }
    // NUL is refused everywhere (PostgreSQL cannot store it): a 400 naming the field.
    const nul = await server.request('POST', '/v1/addver/parses', { key, json: { address: '\u0000\u0007' } });
    assert.equal(nul.status, 400);
    assert.match(nul.text, /address/);
  });
});

describe('city_states and zip_codes', () => {
  test('a US ZIP gives its city, state and county', async () => {
    const res = await server.request('POST', '/v1/addver/city_states', {
      key,
      json: { postalOrZip: '40205' },
    });
    assert.equal(res.status, 200);
    const [first] = res.body.data;
    assert.equal(first.city, 'LOUISVILLE');
    assert.equal(first.provinceOrState, 'KY');
    assert.equal(first.country, 'us');
    assert.equal(first.countyFIPS, '21111');
  });

  test('a Canadian postal code or FSA gives its province', async () => {
    const res = await server.request('POST', '/v1/addver/city_states', {
      key,
      form: { postalOrZip: 'K1A 0B1' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data[0].provinceOrState, 'ON');
    assert.equal(res.body.data[0].country, 'ca');
  });

  test('unknown and malformed codes', async () => {
    const unknown = await server.request('POST', '/v1/addver/city_states', {
      key,
      json: { postalOrZip: '00000' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status, 'error');
    const bad = await server.request('POST', '/v1/addver/city_states', {
      key,
      json: { postalOrZip: 'hello' },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /postalOrZip/);
  });

  test('ZIP codes for a city, by POST and by GET', async () => {
    const post = await server.request('POST', '/v1/addver/zip_codes', {
      key,
      json: { city: 'Louisville', state: 'KY', countryCode: 'US' },
    });
    assert.equal(post.status, 200);
    assert.ok(post.body.data.zipCodes.includes('40205'));
    const get = await server.request('GET', '/v1/addver/zip_codes?city=louisville&state=Kentucky', { key });
    assert.deepEqual(get.body.data.zipCodes, post.body.data.zipCodes);
    const bad = await server.request('POST', '/v1/addver/zip_codes', {
      key,
      json: { city: 'X', state: 'Nowhere' },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /state/);
  });
});

describe('metering', () => {
  test('100 parallel parses against freeLimit 50 on an unsubscribed account: exactly 50 succeed', async () => {
    const k = await server.key({ org: 'metered', product: 'addver' });
    await plan('metered', 50, false);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        server.request('POST', '/v1/addver/parses', {
          key: k,
          json: { address: '1 Main St, Boston MA 02114' },
        }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 50);
    const refused = results.filter((r) => r.status !== 200);
    assert.equal(refused.length, 50);
    assert.equal(refused[0].body.status, 'error');
    assert.match(refused[0].body.message, /lookup/);
    const info = await server.request('GET', '/v1/addver', { key: k });
    assert.deepEqual(info.body.data, { freeLimit: 50, used: 50, subscribed: false });
  });

  test('concurrent calls of an unlimited account are all counted, and count toward a limit set later', async () => {
    const k = await server.key({ org: 'unlimited-then-limited', product: 'addver' });
    const parse = () =>
      server.request('POST', '/v1/addver/parses', { key: k, json: { address: '1 Main St' } });
    const first = await Promise.all(Array.from({ length: 40 }, parse));
    assert.ok(first.every((r) => r.status === 200));
    assert.equal((await server.request('GET', '/v1/addver', { key: k })).body.data.used, 40);
    // A limit of 45 now leaves exactly 5, however the 40 were spread over counter rows.
    await plan('unlimited-then-limited', 45, false);
    const second = await Promise.all(Array.from({ length: 20 }, parse));
    assert.equal(second.filter((r) => r.status === 200).length, 5);
    assert.deepEqual((await server.request('GET', '/v1/addver', { key: k })).body.data, {
      freeLimit: 45,
      used: 45,
      subscribed: false,
    });
  });

  test('subscribed accounts go past the free limit; unlimited plans have freeLimit null', async () => {
    const k = await server.key({ org: 'subscribed', product: 'addver' });
    await plan('subscribed', 1, true);
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (await server.request('POST', '/v1/addver/parses', { key: k, json: { address: '1 Main St' } }))
          .status,
        200,
      );
    }
    assert.equal((await server.request('GET', '/v1/addver', { key: k })).body.data.used, 3);
    await plan('subscribed', null, false);
    assert.equal((await server.request('GET', '/v1/addver', { key: k })).body.data.freeLimit, null);
  });

  test('bad input and free lookups consume nothing', async () => {
    const k = await server.key({ org: 'frugal', product: 'addver' });
    await plan('frugal', 10, false);
    await server.request('POST', '/v1/addver/parses', { key: k, json: { address: 'x'.repeat(5000) } });
    await server.request('POST', '/v1/addver/parses', { key: k, json: {} });
    await server.request('POST', '/v1/addver/city_states', { key: k, json: { postalOrZip: '40205' } });
    await server.request('GET', '/v1/addver', { key: k });
    assert.equal((await server.request('GET', '/v1/addver', { key: k })).body.data.used, 0);
  });
});
