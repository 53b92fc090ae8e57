import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { hashPassword, verifyPassword } from '../../src/platform/auth/password.js';
import { countedLookups, setPlan } from '../../src/platform/metering/metering.repo.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';

const PATH = '/print-mail/v1/sub_organizations';
const CONTACTS = '/print-mail/v1/contacts';
let server: TestServer;
let n = 0;

// No workers: letters made here only need to exist (usage counts them), not to render.
before(async () => {
  server = await startTestServer({}, { workers: false });
});
after(() => server.close());

const body = (extra: Record<string, unknown> = {}) => ({
  organizationName: `Branch ${++n}`,
  countryCode: 'CA',
  name: 'Calvin',
  email: `branch${n}@example.com`,
  password: 'very-strong-password',
  phoneNumber: '9059059059',
  ...extra,
});

async function createChild(key: string, extra: Record<string, unknown> = {}) {
  const res = await server.request('POST', PATH, { key, json: body(extra) });
  assert.equal(res.status, 201, res.text);
  return res.body as { subOrganization: any; user: any };
}

const childKey = (created: { user: { apiKeys: Array<{ value: string }> } }, prefix = 'test_sk_') =>
  created.user.apiKeys.find((k) => k.value.startsWith(prefix))!.value;

const orgRow = async (id: string) =>
  (await server.runtime.db.pool.query('SELECT * FROM organizations WHERE id = $1', [id])).rows[0];

resourceContract(() => server, {
  object: 'sub_org',
  path: PATH,
  idPrefix: 'sub_org',
  product: 'print-mail',
  create: async (s, key) => {
    const res = await s.request('POST', PATH, { key, json: body() });
    assert.equal(res.status, 201, res.text);
    return res.body.subOrganization;
  },
  deletion: 'removes',
});

describe('create', () => {
  test('answers the sub-organization and its user with a test key, once; both SDK spellings of the path', async () => {
    const key = await server.key({ org: 'parent-create' });
    const res = await server.request('POST', `${PATH}/`, { key, json: body({ countryCode: 'can' }) });
    assert.equal(res.status, 201, res.text);
    const { subOrganization: sub, user } = res.body;
    assert.deepEqual(Object.keys(sub).sort(), [
      'countryCode',
      'createdAt',
      'id',
      'limit',
      'live',
      'name',
      'object',
      'spend',
      'updatedAt',
      'usage',
    ]);
    assert.equal(sub.object, 'sub_org');
    assert.equal(sub.name, `Branch ${n}`);
    assert.equal(sub.countryCode, 'CA');
    assert.equal(sub.live, false);
    assert.deepEqual([sub.limit, sub.usage, sub.spend], [0, 0, 0]);
    assert.match(user.id, /^user_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(user.organization, sub.id);
    assert.equal(user.email, `branch${n}@example.com`);
    assert.equal(user.name, 'Calvin');
    assert.equal(user.phoneNumber, '9059059059');
    assert.equal(user.verifiedEmail, true);
    assert.equal(user.pendingInvite, false);
    assert.deepEqual(user.roles, ['admin']);
    assert.equal(res.text.includes('very-strong-password'), false);
    // A test key makes a test sub-organization: it gets a test key only, never a live one.
    assert.equal(user.apiKeys.length, 1);
    assert.match(user.apiKeys[0].value, /^test_sk_[1-9A-HJ-NP-Za-km-z]{32}$/);

    const listed = await server.request('GET', `${PATH}/`, { key });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data, [sub]);
    // The child is an organization of its own, its parent's, with the country given.
    const row = await orgRow(sub.id);
    assert.equal(row.parent_id, (await ensureOrganization(server.runtime.db.pool, 'parent-create')).id);
    assert.equal(row.country_code, 'CA');
  });

  test('a live key makes a live sub-organization with a live and a test key, both working', async () => {
    const live = await server.key({ org: 'parent-live', mode: 'live' });
    const created = await createChild(live);
    assert.equal(created.subOrganization.live, true);
    const values = created.user.apiKeys.map((k: { value: string }) => k.value.slice(0, 8)).sort();
    assert.deepEqual(values, ['live_sk_', 'test_sk_']);
    for (const prefix of ['live_sk_', 'test_sk_']) {
      const res = await server.request('GET', CONTACTS, { key: childKey(created, prefix) });
      assert.equal(res.status, 200, prefix);
      assert.equal(res.body.totalCount, 0);
    }
    const got = await server.request('GET', `${PATH}/${created.subOrganization.id}`, { key: live });
    assert.deepEqual(got.body, created.subOrganization);
  });

  test('list searches by name; skip and limit page it', async () => {
    const key = await server.key({ org: 'parent-search' });
    const a = await createChild(key, { organizationName: 'Northwind Depot' });
    await createChild(key, { organizationName: 'Southwind Depot' });
    const found = await server.request('GET', `${PATH}?search=${encodeURIComponent('"northwind"')}`, { key });
    assert.deepEqual(
      found.body.data.map((s: { id: string }) => s.id),
      [a.subOrganization.id],
    );
    assert.equal(found.body.totalCount, 1);
    const page = await server.request('GET', `${PATH}?skip=1&limit=1`, { key });
    assert.equal(page.body.totalCount, 2);
    assert.equal(page.body.data[0].id, a.subOrganization.id);
  });

  test('a replay of the create (Idempotency-Key) makes nothing more and shows only the keys’ hints', async () => {
    const key = await server.key({ org: 'parent-idem' });
    const json = body();
    const headers = { 'idempotency-key': 'sub-org-1' };
    const first = await server.request('POST', PATH, { key, json, headers });
    const again = await server.request('POST', PATH, { key, json, headers });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body.subOrganization, first.body.subOrganization);
    const secret = first.body.user.apiKeys[0].value as string;
    const shown = again.body.user.apiKeys[0].value as string;
    assert.equal(shown, `${secret.slice(0, 8)}…${secret.slice(-4)}`);
    // The secret is nowhere in the database, only its hash.
    const stored = await server.runtime.db.pool.query(
      "SELECT count(*)::int AS n FROM idempotency_keys WHERE response LIKE '%' || $1 || '%'",
      [secret],
    );
    assert.equal(stored.rows[0].n, 0);
    // The stored fingerprint leaves the password out (only its scrypt hash is kept anywhere),
    // so a retry differing only in it replays; any other difference is a reuse of the key.
    const otherPassword = await server.request('POST', PATH, {
      key,
      json: { ...json, password: 'x'.repeat(12) },
      headers,
    });
    assert.equal(otherPassword.headers.get('idempotent-replayed'), 'true');
    const otherName = await server.request('POST', PATH, { key, json: { ...json, name: 'Other' }, headers });
    assert.equal(otherName.status, 422);
    assert.equal((await server.request('GET', PATH, { key })).body.totalCount, 1);
    assert.equal((await server.request('GET', CONTACTS, { key: secret })).status, 200);
  });

  test('a sub-organization cannot make sub-organizations of its own', async () => {
    const parent = await server.key({ org: 'parent-grand' });
    const child = childKey(await createChild(parent));
    const res = await server.request('POST', PATH, { key: child, json: body() });
    assert.equal(res.status, 401);
    assert.equal(res.body.error.type, 'permission_missing_error');
    assert.match(res.body.error.message, /sub-organization/);
    assert.equal((await server.request('GET', PATH, { key: child })).body.totalCount, 0);
  });

  const badCases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['organizationName missing', { organizationName: undefined }, /organizationName is required/],
    ['organizationName blank', { organizationName: '   ' }, /organizationName must not be blank/],
    ['name missing', { name: undefined }, /\bname is required/],
    ['email not an email', { email: 'not-an-email' }, /\bemail\b/],
    ['password too short', { password: 'short' }, /\bpassword\b/],
    ['password missing', { password: undefined }, /password is required/],
    ['countryCode unknown', { countryCode: 'XX' }, /countryCode/],
    ['countryCode wrong type', { countryCode: { a: 1 } }, /countryCode/],
  ];
  for (const [name, patch, message] of badCases) {
    test(`400: ${name}; nothing is written`, async () => {
      const org = `parent-bad-${name.replace(/\W+/g, '-')}`;
      const key = await server.key({ org });
      const res = await server.request('POST', PATH, { key, json: { ...body(), ...patch } });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
      assert.equal((await server.request('GET', PATH, { key })).body.totalCount, 0);
      const parentId = (await ensureOrganization(server.runtime.db.pool, org)).id;
      const children = await server.runtime.db.pool.query(
        'SELECT id FROM organizations WHERE parent_id = $1',
        [parentId],
      );
      assert.equal(children.rowCount, 0);
    });
  }
});

describe('isolation', () => {
  test('the child’s resources are invisible to the parent and the parent’s to the child', async () => {
    const parent = await server.key({ org: 'parent-isolation' });
    const child = childKey(await createChild(parent));
    const contact = { firstName: 'Iso', addressLine1: '1 Main St', countryCode: 'US' };
    const mine = await server.request('POST', CONTACTS, { key: child, json: contact });
    const theirs = await server.request('POST', CONTACTS, { key: parent, json: contact });
    assert.equal(mine.status, 201);
    assert.equal(theirs.status, 201);
    assert.notEqual(mine.body.id, theirs.body.id);
    assert.equal((await server.request('GET', `${CONTACTS}/${mine.body.id}`, { key: parent })).status, 404);
    assert.equal((await server.request('GET', `${CONTACTS}/${theirs.body.id}`, { key: child })).status, 404);
    assert.equal(
      (await server.request('DELETE', `${CONTACTS}/${mine.body.id}`, { key: parent })).status,
      404,
    );
    const childList = await server.request('GET', CONTACTS, { key: child });
    assert.deepEqual(
      childList.body.data.map((c: { id: string }) => c.id),
      [mine.body.id],
    );
    const parentList = await server.request('GET', CONTACTS, { key: parent });
    assert.deepEqual(
      parentList.body.data.map((c: { id: string }) => c.id),
      [theirs.body.id],
    );
    // The child's contact defaults to the child's own country, not the parent's.
    const noCountry = await server.request('POST', CONTACTS, {
      key: child,
      json: { firstName: 'Def', addressLine1: '2 Main St' },
    });
    assert.equal(noCountry.body.countryCode, 'CA');
  });
});

describe('users', () => {
  test('GET /sub_organizations/{id}/users: a bare array of the child’s users, no keys or password', async () => {
    const key = await server.key({ org: 'parent-users' });
    const created = await createChild(key, { email: 'Owner@Example.com', phoneNumber: undefined });
    const res = await server.request('GET', `${PATH}/${created.subOrganization.id}/users`, { key });
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body));
    const { apiKeys: _keys, ...user } = created.user;
    assert.deepEqual(res.body, [user]);
    assert.equal(res.body[0].email, 'owner@example.com');
    assert.equal('phoneNumber' in res.body[0], false);
    assert.equal(res.text.includes('scrypt'), false);
    const skipped = await server.request('GET', `${PATH}/${created.subOrganization.id}/users?skip=1`, {
      key,
    });
    assert.deepEqual(skipped.body, []);
    const other = await server.key({ org: 'parent-users-other' });
    const hidden = await server.request('GET', `${PATH}/${created.subOrganization.id}/users`, { key: other });
    assert.equal(hidden.status, 404);
    const wrong = await server.request('GET', `${PATH}/user_123/users`, { key });
    assert.equal(wrong.status, 400);
  });

  test('passwords are kept as salted scrypt hashes that verify', async () => {
    const stored = await server.runtime.db.pool.query(
      "SELECT password_hash FROM sub_organization_users WHERE doc->>'email' = 'owner@example.com'",
    );
    const hash = stored.rows[0].password_hash as string;
    assert.match(hash, /^scrypt\$/);
    assert.equal(await verifyPassword('very-strong-password', hash), true);
    assert.equal(await verifyPassword('very-strong-passwore', hash), false);
    assert.notEqual(await hashPassword('same'), await hashPassword('same'));
  });
});

describe('delete', () => {
  test('stops the child’s keys at once, even cached ones; the parent’s keys go on working', async () => {
    const parent = await server.key({ org: 'parent-delete', mode: 'live' });
    const created = await createChild(parent);
    const keys = created.user.apiKeys.map((k: { value: string }) => k.value);
    for (const k of keys) assert.equal((await server.request('GET', CONTACTS, { key: k })).status, 200);
    const id = created.subOrganization.id;
    const del = await server.request('DELETE', `${PATH}/${id}`, { key: parent });
    assert.deepEqual(del.body, { id, object: 'sub_org', deleted: true });
    for (const k of keys) {
      const res = await server.request('GET', CONTACTS, { key: k });
      assert.equal(res.status, 401, 'a deleted child’s cached key is refused');
      assert.equal(res.body.error.type, 'missing_auth_error');
    }
    assert.equal((await server.request('GET', `${PATH}/${id}/users`, { key: parent })).status, 404);
    assert.equal((await server.request('GET', CONTACTS, { key: parent })).status, 200);
    const row = await orgRow(id);
    assert.ok(row.disabled_at);
    const active = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL',
      [id],
    );
    assert.equal(active.rows[0].n, 0);
  });
});

describe('usage rolls up', () => {
  test('usage counts the child’s mail pieces this month, not cancelled ones, and starts again next month', async () => {
    const parent = await server.key({ org: 'parent-usage' });
    const created = await createChild(parent);
    const child = childKey(created);
    const id = created.subOrganization.id;
    const letters = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.request('POST', LETTERS, { key: child, json: letterBody() });
      assert.equal(res.status, 201, res.text);
      letters.push(res.body.id);
    }
    // The parent's own letter is not the child's usage.
    assert.equal((await server.request('POST', LETTERS, { key: parent, json: letterBody() })).status, 201);
    assert.equal((await server.request('DELETE', `${LETTERS}/${letters[0]}`, { key: child })).status, 200);
    const got = await server.request('GET', `${PATH}/${id}`, { key: parent });
    assert.equal(got.body.usage, 2);
    const listed = await server.request('GET', PATH, { key: parent });
    assert.equal(listed.body.data[0].usage, 2);
    server.clock.advance(32 * 24 * 3600 * 1000);
    try {
      assert.equal((await server.request('GET', `${PATH}/${id}`, { key: parent })).body.usage, 0);
    } finally {
      server.clock.advance(-32 * 24 * 3600 * 1000);
    }
  });

  test('a child’s lookups count against its parent’s plan: the family shares one limit', async () => {
    const parentName = 'parent-lookups';
    const parent = await server.key({ org: parentName });
    const created = await createChild(parent);
    const childId = created.subOrganization.id;
    const parentAddver = await server.key({ org: parentName, product: 'addver' });
    const childAddver = await server.key({ org: childId, product: 'addver' });
    const pool = server.runtime.db.pool;
    const parentOrg = await ensureOrganization(pool, parentName);
    await setPlan(pool, parentOrg.id, { freeLimit: 3, subscribed: false });
    const parse = (key: string) =>
      server.request('POST', '/v1/addver/parses', {
        key,
        json: { address: '1 Main St, Springfield IL 62701' },
      });
    assert.equal((await parse(childAddver)).status, 200);
    assert.equal((await parse(childAddver)).status, 200);
    assert.equal((await parse(parentAddver)).status, 200);
    const parentInfo = await server.request('GET', '/v1/addver', { key: parentAddver });
    assert.deepEqual(parentInfo.body.data, { freeLimit: 3, used: 3, subscribed: false });
    // The child sees the plan that limits it: its parent's, with the family's use.
    const childInfo = await server.request('GET', '/v1/addver', { key: childAddver });
    assert.deepEqual(childInfo.body.data, { freeLimit: 3, used: 3, subscribed: false });
    const refused = await parse(childAddver);
    assert.equal(refused.status, 402);
    assert.equal((await parse(parentAddver)).status, 402);
    // Each child's own share stays known.
    const period = server.clock.now().toISOString().slice(0, 7);
    assert.equal(await countedLookups(pool, [childId], period), 2);
    await setPlan(pool, parentOrg.id, { subscribed: true });
    assert.equal((await parse(childAddver)).status, 200);
    assert.equal(await countedLookups(pool, [childId], period), 3);
    const after = await server.request('GET', '/v1/addver', { key: parentAddver });
    assert.equal(after.body.data.used, 4);
  });
});
