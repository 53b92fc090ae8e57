import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// The CLI runs in this process against the test server's schema (DATABASE_URL naming it in
// search_path), exactly as an operator's `postroom …` would against theirs.
let server: TestServer;
let parentKey: string;
let childId: string;
let childKey: string;
const CONTACTS = '/print-mail/v1/contacts';

before(async () => {
  server = await startTestServer({}, { workers: false });
  cliOnServer(server);
  parentKey = await server.key({ org: 'cli-parent' });
  const res = await server.request('POST', '/print-mail/v1/sub_organizations', {
    key: parentKey,
    json: {
      organizationName: 'CLI Branch',
      countryCode: 'US',
      name: 'Op',
      email: 'op@example.com',
      password: 'long-enough-password',
    },
  });
  assert.equal(res.status, 201, res.text);
  childId = res.body.subOrganization.id;
  childKey = res.body.user.apiKeys[0].value;
});
after(() => server.close());

test('postroom keys create --org SUB_ORG makes a working key for the child; a mistyped id makes nothing', async () => {
  const made = await postroomHere(
    'keys',
    'create',
    '--org',
    childId,
    '--mode',
    'test',
    '--product',
    'addver',
  );
  assert.equal(made.code, 0, made.err);
  const key = made.out.split('\n').at(-1)!;
  assert.match(key, /^test_sk_/);
  const info = await server.request('GET', '/v1/addver', { key });
  assert.equal(info.status, 200);
  const typo = await postroomHere(
    'keys',
    'create',
    '--org',
    'sub_org_nope',
    '--mode',
    'test',
    '--product',
    'addver',
  );
  assert.equal(typo.code, 1);
  assert.match(typo.err, /made through the API/);
  const orgs = await server.runtime.db.pool.query(
    "SELECT count(*)::int AS n FROM organizations WHERE name = 'sub_org_nope'",
  );
  assert.equal(orgs.rows[0].n, 0);
});

test('orgs show: the child names its parent; the parent counts its children and their mail', async () => {
  const letter = await server.request('POST', '/print-mail/v1/letters', {
    key: await server.key({ org: childId, mode: 'live' }),
    json: {
      to: {
        firstName: 'A',
        addressLine1: '1 Main St',
        city: 'Boston',
        provinceOrState: 'MA',
        postalOrZip: '02114',
        countryCode: 'US',
      },
      from: {
        companyName: 'B',
        addressLine1: '2 Main St',
        city: 'Boston',
        provinceOrState: 'MA',
        postalOrZip: '02114',
        countryCode: 'US',
      },
      html: '<p>Hi</p>',
    },
  });
  assert.equal(letter.status, 201, letter.text);
  const child = await postroomHere('orgs', 'show', '--org', childId);
  assert.equal(child.code, 0, child.err);
  const childInfo = JSON.parse(child.out);
  const parent = JSON.parse((await postroomHere('orgs', 'show', '--org', 'cli-parent')).out);
  assert.equal(childInfo.parentId, parent.id);
  assert.equal(childInfo.countryCode, 'US');
  assert.equal(parent.parentId, null);
  assert.equal(parent.subOrganizations, 1);
  assert.deepEqual(
    { own: parent.mail.own, subOrganizations: parent.mail.subOrganizations, total: parent.mail.total },
    { own: 0, subOrganizations: 1, total: 1 },
  );
  assert.equal(childInfo.mail.own, 1);
});

test('orgs set-plan refuses a child: its lookups count against its parent’s plan', async () => {
  const res = await postroomHere('orgs', 'set-plan', '--org', childId, '--free-limit', '5');
  assert.equal(res.code, 1);
  assert.match(res.err, /set its parent's plan/);
});

test('orgs disable stops the organization’s keys and its children’s (cached ones within 10 s); enable restores them', async () => {
  // Cache the parent's key, then disable from the CLI, another process as far as the server knows.
  assert.equal((await server.request('GET', CONTACTS, { key: parentKey })).status, 200);
  const disabled = await postroomHere('orgs', 'disable', '--org', 'cli-parent');
  assert.equal(disabled.code, 0, disabled.err);
  // Not cached: refused at once.
  assert.equal((await server.request('GET', CONTACTS, { key: childKey })).status, 401);
  const started = Date.now();
  let status = 200;
  while (status === 200 && Date.now() - started < 15_000) {
    status = (await server.request('GET', CONTACTS, { key: parentKey })).status;
    if (status === 200) await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(status, 401);
  assert.ok(Date.now() - started <= 10_500, `refused after ${Date.now() - started} ms`);

  assert.equal((await postroomHere('orgs', 'enable', '--org', 'cli-parent')).code, 0);
  assert.equal((await server.request('GET', CONTACTS, { key: parentKey })).status, 200);
  assert.equal((await server.request('GET', CONTACTS, { key: childKey })).status, 200);
  const missing = await postroomHere('orgs', 'disable', '--org', 'no-such-org');
  assert.equal(missing.code, 1);
});
