import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFAULT_BODY_LIMIT } from '../../src/config/config.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const PATH = '/print-mail/v1/contacts';
let server: TestServer;
let key: string;
let n = 0;
const unique = () => `${Date.now()}-${n++}`;
const kevin = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Kevin',
  lastName: 'Smith',
  addressLine1: '90 Canal St',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
  ...extra,
});

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'contacts-org' });
});
after(() => server.close());

resourceContract(() => server, {
  object: 'contact',
  path: PATH,
  idPrefix: 'contact',
  product: 'print-mail',
  deletion: 'removes',
  create: async (s, k) =>
    (await s.request('POST', PATH, { key: k, json: kevin({ email: `${unique()}@x.test` }) })).body,
});

describe('contacts: create', () => {
  test('every field is stored and returned; defaults filled in', async () => {
    const body = kevin({
      companyName: 'PostGrid',
      jobTitle: 'Engineer',
      email: 'kevin@example.com',
      phoneNumber: '+1 555 0100',
      addressLine2: 'Suite 600',
      description: 'HQ',
      metadata: { team: 'ops', n: 3 },
    });
    const res = await server.request('POST', PATH, { key, json: body });
    assert.equal(res.status, 201);
    for (const [k, v] of Object.entries(body)) assert.deepEqual(res.body[k], v, k);
    assert.equal(res.body.object, 'contact');
    assert.equal(res.body.addressStatus, 'verified');
    assert.equal(res.body.skipVerification, false);
    assert.equal(res.body.forceVerifiedStatus, false);
    assert.equal(res.body.createdAt, res.body.updatedAt);
    assert.ok(!Number.isNaN(Date.parse(res.body.createdAt)));
  });

  test('firstName or companyName is required; companyName alone is enough', async () => {
    const none = await server.request('POST', PATH, { key, json: { addressLine1: '1 Main St' } });
    assert.equal(none.status, 400);
    assert.match(none.body.error.message, /firstName/);
    assert.match(none.body.error.message, /companyName/);
    const company = await server.request('POST', PATH, {
      key,
      json: { companyName: 'Acme', addressLine1: '1 Main St' },
    });
    assert.equal(company.status, 201);
  });

  test('countryCode defaults to the organization country; alpha-3 and lower case are accepted', async () => {
    const def = await server.request('POST', PATH, {
      key,
      json: { firstName: 'A', addressLine1: `${unique()} Elm St` },
    });
    assert.equal(def.body.countryCode, 'US');
    const ca = await server.request('POST', PATH, {
      key,
      json: { firstName: 'A', addressLine1: '1 Rue', countryCode: 'can' },
    });
    assert.equal(ca.body.countryCode, 'CA');
    const bad = await server.request('POST', PATH, {
      key,
      json: { firstName: 'A', addressLine1: '1 Rue', countryCode: 'ZZ' },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /countryCode/);
  });

  test('test-mode addressStatus follows the description rule; forceVerifiedStatus wins', async () => {
    const status = async (extra: Record<string, unknown>) =>
      (await server.request('POST', PATH, { key, json: kevin({ email: `${unique()}@s.test`, ...extra }) }))
        .body.addressStatus;
    assert.equal(await status({ description: 'test failed' }), 'failed');
    assert.equal(await status({ description: 'test corrected' }), 'corrected');
    assert.equal(await status({ description: 'Test failed' }), 'verified');
    assert.equal(await status({}), 'verified');
    assert.equal(await status({ description: 'test failed', forceVerifiedStatus: true }), 'verified');
  });

  test('an identical create returns the existing contact with its description updated', async () => {
    const email = `${unique()}@dup.test`;
    const first = await server.request('POST', PATH, { key, json: kevin({ email, description: 'one' }) });
    const second = await server.request('POST', PATH, { key, json: kevin({ email, description: 'two' }) });
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.description, 'two');
    assert.equal(second.body.createdAt, first.body.createdAt);
    const got = await server.request('GET', `${PATH}/${first.body.id}`, { key });
    assert.equal(got.body.description, 'two');
    const different = await server.request('POST', PATH, { key, json: kevin({ email, lastName: 'Other' }) });
    assert.notEqual(different.body.id, first.body.id);
  });

  test('an identical create that changes nothing returns the contact untouched', async () => {
    const email = `${unique()}@same.test`;
    const first = await server.request('POST', PATH, { key, json: kevin({ email, description: 'same' }) });
    await new Promise((r) => setTimeout(r, 5));
    const second = await server.request('POST', PATH, { key, json: kevin({ email, description: 'same' }) });
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first.body);
    const changed = await server.request('POST', PATH, { key, json: kevin({ email }) });
    assert.equal(changed.body.id, first.body.id);
    assert.equal(changed.body.description, undefined, 'no description given: the old one is removed');
  });

  test('50 concurrent identical creates make one contact', async () => {
    const email = `${unique()}@race.test`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.request('POST', PATH, { key, json: kevin({ email, description: `d${i}` }) }),
      ),
    );
    assert.ok(results.every((r) => r.status === 201));
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
    const list = await server.request(
      'GET',
      `${PATH}?search=${encodeURIComponent(JSON.stringify({ email }))}`,
      { key },
    );
    assert.equal(list.body.totalCount, 1);
  });

  test('unknown fields are ignored and never stored', async () => {
    const res = await server.request('POST', PATH, {
      key,
      json: kevin({ email: `${unique()}@u.test`, favouriteColour: 'red' }),
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.favouriteColour, undefined);
  });
});

describe('contacts: concurrent reads', () => {
  test('reads batched in one event-loop turn still answer each caller in its own scope', async () => {
    const made = await server.request('POST', PATH, {
      key,
      json: kevin({ email: `${unique()}@batch.test` }),
    });
    const liveKey = await server.key({ org: 'contacts-org', mode: 'live' });
    const otherOrg = await server.key({ org: 'contacts-other' });
    const keys = Array.from({ length: 30 }, (_, i) => [key, liveKey, otherOrg][i % 3]);
    const results = await Promise.all(
      keys.map((k) => server.request('GET', `${PATH}/${made.body.id}`, { key: k })),
    );
    for (const [i, r] of results.entries()) assert.equal(r.status, i % 3 === 0 ? 200 : 404, `request ${i}`);
    assert.ok(results.filter((r) => r.status === 200).every((r) => r.body.id === made.body.id));
  });
});

describe('contacts: concurrent creates', () => {
  test('creates arriving together are saved together, each answered in its own scope', async () => {
    const liveKey = await server.key({ org: 'contacts-org', mode: 'live' });
    const otherOrg = await server.key({ org: 'contacts-other' });
    const tag = unique();
    // 60 creates at once: three scopes, 40 distinct contacts and 20 repeats of ten of them.
    const bodies = Array.from({ length: 60 }, (_, i) => {
      const email = `${tag}-${i < 40 ? i : i % 10}@together.test`;
      return { k: [key, liveKey, otherOrg][i % 3], email, json: kevin({ email, skipVerification: true }) };
    });
    const results = await Promise.all(
      bodies.map((b) => server.request('POST', PATH, { key: b.k, json: b.json })),
    );
    assert.ok(
      results.every((r) => r.status === 201),
      results.map((r) => r.status).join(),
    );
    for (const [i, r] of results.entries()) {
      assert.equal(r.body.email, bodies[i].email, `request ${i}`);
      assert.equal(r.body.live, bodies[i].k === liveKey, `request ${i}`);
    }
    // A repeat is the same contact only in the same scope (same key).
    const idOf = new Map<string, string>();
    for (const [i, r] of results.entries()) {
      const identity = `${bodies[i].k} ${bodies[i].email}`;
      if (!idOf.has(identity)) idOf.set(identity, r.body.id);
      assert.equal(r.body.id, idOf.get(identity), `request ${i}`);
    }
    assert.equal(new Set(results.map((r) => r.body.id)).size, idOf.size);
    for (const k of [key, liveKey, otherOrg]) {
      const got = await Promise.all(
        results
          .filter((_, i) => bodies[i].k === k)
          .map((r) => server.request('GET', `${PATH}/${r.body.id}`, { key: k })),
      );
      assert.ok(got.every((g) => g.status === 200));
    }
    // Saved together: rows written by one statement share its transaction id.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS statements
           FROM ${server.schema}.contacts WHERE doc->>'email' LIKE $1`,
        [`${tag}-%@together.test`],
      );
      assert.equal(rows[0].n, idOf.size);
      assert.ok(rows[0].statements < rows[0].n, `${rows[0].n} contacts in ${rows[0].statements} statements`);
    } finally {
      await db.end();
    }
  });
});

describe('contacts: encodings', () => {
  test('urlencoded bodies with bracket keys and string booleans', async () => {
    const res = await server.request('POST', PATH, {
      key,
      form: {
        companyName: 'Form Co',
        addressLine1: '5 Form St',
        'metadata[team]': 'ops',
        'metadata[tags][]': 'a',
        skipVerification: 'true',
      },
    });
    assert.equal(res.status, 201);
    assert.deepEqual(res.body.metadata, { team: 'ops', tags: ['a'] });
    assert.equal(res.body.skipVerification, true);
  });

  test('multipart bodies', async () => {
    const form = new FormData();
    form.append('firstName', 'Multi');
    form.append('addressLine1', '6 Part St');
    form.append('metadata[source]', 'multipart');
    form.append('forceVerifiedStatus', 'false');
    const res = await server.request('POST', PATH, { key, multipart: form });
    assert.equal(res.status, 201);
    assert.equal(res.body.firstName, 'Multi');
    assert.deepEqual(res.body.metadata, { source: 'multipart' });
    assert.equal(res.body.forceVerifiedStatus, false);
  });

  test('an empty body with a JSON content type is accepted (and validated)', async () => {
    const res = await server.request('POST', PATH, {
      key,
      raw: { body: '', contentType: 'application/json' },
    });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /addressLine1/);
    const list = await server.request('GET', PATH, { key, headers: { 'content-type': 'application/json' } });
    assert.equal(list.status, 200);
    const made = await server.request('POST', PATH, { key, json: kevin({ email: `${unique()}@e.test` }) });
    const del = await server.request('DELETE', `${PATH}/${made.body.id}`, {
      key,
      raw: { body: '', contentType: 'application/json' },
    });
    assert.equal(del.status, 200);
    assert.equal(del.body.deleted, true);
  });
});

describe('contacts: bad input', () => {
  const bad = async (json: unknown) => server.request('POST', PATH, { key, json });

  test('malformed JSON is a 400 saying so', async () => {
    const res = await server.request('POST', PATH, {
      key,
      raw: { body: '{"firstName": ', contentType: 'application/json' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.type, 'validation_error');
    assert.match(res.body.error.message, /JSON/);
  });

  test('wrong types name the field', async () => {
    const res = await bad(kevin({ firstName: { a: 1 } }));
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /firstName/);
    const flag = await bad(kevin({ skipVerification: 'maybe' }));
    assert.equal(flag.status, 400);
    assert.match(flag.body.error.message, /skipVerification/);
    const arr = await bad([1, 2]);
    assert.equal(arr.status, 400);
  });

  test('metadata limits', async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    const tooMany = await bad(kevin({ metadata: many }));
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.error.message, /metadata/);
    const long = await bad(kevin({ metadata: { note: 'x'.repeat(501) } }));
    assert.equal(long.status, 400);
    assert.match(long.body.error.message, /metadata\.note/);
    const notMap = await bad(kevin({ metadata: 'nope' }));
    assert.equal(notMap.status, 400);
  });

  test('over-long fields and oversized bodies', async () => {
    const long = await bad(kevin({ city: 'x'.repeat(500) }));
    assert.equal(long.status, 400);
    assert.match(long.body.error.message, /city/);
    const huge = await server.request('POST', PATH, {
      key,
      raw: {
        body: JSON.stringify(kevin({ description: 'x'.repeat(DEFAULT_BODY_LIMIT + 1) })),
        contentType: 'application/json',
      },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.error.type, 'payload_too_large_error');
  });

  test('nothing is half-written: a rejected create leaves no contact', async () => {
    const before = (await server.request('GET', PATH, { key })).body.totalCount;
    await bad(kevin({ countryCode: 'XX', email: 'half@x.test' }));
    await bad(kevin({ metadata: { k: 'x'.repeat(600) } }));
    const afterCount = (await server.request('GET', PATH, { key })).body.totalCount;
    assert.equal(afterCount, before);
  });
});

describe('contacts: lists and search', () => {
  let searchKey: string;
  before(async () => {
    searchKey = await server.key({ org: 'search-org' });
    for (const [first, team] of [
      ['Alice Zebra', 'red'],
      ['Bob Quokka', 'blue'],
      ['Carol Quokka', 'red'],
    ]) {
      await server.request('POST', PATH, {
        key: searchKey,
        json: kevin({ firstName: first, metadata: { team } }),
      });
    }
  });

  test('free text, quoted phrase, case-insensitive', async () => {
    const plain = await server.request('GET', `${PATH}?search=quokka`, { key: searchKey });
    assert.equal(plain.body.totalCount, 2);
    assert.deepEqual(
      plain.body.data.map((c: { firstName: string }) => c.firstName),
      ['Carol Quokka', 'Bob Quokka'],
    );
    const quoted = await server.request('GET', `${PATH}?search=${encodeURIComponent('"alice zebra"')}`, {
      key: searchKey,
    });
    assert.equal(quoted.body.totalCount, 1);
    const none = await server.request('GET', `${PATH}?search=nobody`, { key: searchKey });
    assert.equal(none.body.totalCount, 0);
    assert.deepEqual(none.body.data, []);
  });

  test('a phrase matches as a whole: its rarest word finds rows, the phrase decides', async () => {
    const count = async (phrase: string) =>
      (await server.request('GET', `${PATH}?search=${encodeURIComponent(`"${phrase}"`)}`, { key: searchKey }))
        .body.totalCount;
    assert.equal(await count('carol quokka'), 1);
    assert.equal(await count('bob quokka'), 1);
    // Both words are in the data, but never next to each other in this order.
    assert.equal(await count('quokka carol'), 0);
    assert.equal(await count('alice quokka'), 0);
    // Words too short for a trigram still match as part of the phrase.
    assert.equal(await count('bob q'), 1);
    assert.equal(await count('b q'), 1);
  });

  test('a filter matching more than 10,000 contacts pages newest first, like one matching few', async () => {
    const bulkKey = await server.key({ org: 'bulk-org' });
    const org = await ensureOrganization(server.runtime.db.pool, 'bulk-org');
    // Loaded in SQL (10,020 creates over HTTP would only slow the suite): every row has
    // team "all", every 1,000th also "rare"; row i was created i seconds ago.
    await server.runtime.db.pool.query(
      `INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT 'contact_bulk' || i, $1, false, 'bulk' || i,
         jsonb_build_object('id', 'contact_bulk' || i, 'object', 'contact', 'firstName', 'Bulk ' || i,
           'metadata', jsonb_build_object('team', 'all', 'tier', CASE WHEN i % 1000 = 0 THEN 'rare' ELSE 'common' END)),
         'bulk ' || i, now() - i * interval '1 second', now()
       FROM generate_series(1, 10020) AS i`,
      [org.id],
    );
    const list = (filter: object, extra = '') =>
      server.request('GET', `${PATH}?search=${encodeURIComponent(JSON.stringify(filter))}${extra}`, {
        key: bulkKey,
      });
    const many = await list({ 'metadata.team': 'all' }, '&limit=3&skip=2');
    assert.equal(many.body.totalCount, 10020);
    assert.deepEqual(
      many.body.data.map((c: { id: string }) => c.id),
      ['contact_bulk3', 'contact_bulk4', 'contact_bulk5'],
    );
    const few = await list({ 'metadata.tier': 'rare' }, '&limit=2');
    assert.equal(few.body.totalCount, 10);
    assert.deepEqual(
      few.body.data.map((c: { id: string }) => c.id),
      ['contact_bulk1000', 'contact_bulk2000'],
    );
  });

  test('structured search by dotted path', async () => {
    const q = encodeURIComponent(JSON.stringify({ 'metadata.team': 'red' }));
    const red = await server.request('GET', `${PATH}?search=${q}`, { key: searchKey });
    assert.equal(red.body.totalCount, 2);
    const byId = await server.request(
      'GET',
      `${PATH}?search=${encodeURIComponent(JSON.stringify({ id: red.body.data[0].id }))}`,
      {
        key: searchKey,
      },
    );
    assert.equal(byId.body.totalCount, 1);
    const broken = await server.request('GET', `${PATH}?search=${encodeURIComponent('{"a":')}`, {
      key: searchKey,
    });
    assert.equal(broken.status, 400);
    assert.match(broken.body.error.message, /search/);
  });

  test('limit and skip are validated', async () => {
    const big = await server.request('GET', `${PATH}?limit=100`, { key: searchKey });
    assert.equal(big.status, 200);
    assert.equal(big.body.limit, 100);
    const bad = await server.request('GET', `${PATH}?limit=abc`, { key: searchKey });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /limit/);
    const negative = await server.request('GET', `${PATH}?skip=-1`, { key: searchKey });
    assert.equal(negative.status, 400);
  });
});
