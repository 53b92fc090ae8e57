import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { revokeKey } from '../../src/platform/auth/keys.repo.js';
import { ERROR_CATALOGUE } from '../../src/platform/errors.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { exampleOf, type Operation, opName, type Resource, realmOf } from './support/openapi.js';
import { rowChanges, rowCounter } from './support/row-counts.js';
import { type Answer, missingValidBodies, type Seeder, seeder } from './support/seeds.js';
import { type Api, apiOf, type Caller, callerOf, callerWithKeys, fuzzConfig } from './support/target.js';
import { VALID_ACTION_BODIES, VALID_BODIES } from './support/valid-bodies.js';

/**
 * Issue R1 §2, isolation: for every resource in /openapi.json (a collection `C` with items at
 * `C/{id}`), one is created with organization A's test secret key, then every operation on it
 * (and the collection's list) is tried by another organization's key, A's live key (the other
 * mode), A's public key and A's revoked key. Each gets its documented refusal and none of the
 * data, and no row changes. Seeds come from the valid-body table (support/valid-bodies.ts).
 */

let server: TestServer;
let api: Api;
let seeds: Seeder;
/** print-mail (and addver) resources: the operator API is not a customer's (checked apart). */
let resources: Resource[];

interface Intruder {
  name: string;
  caller: Caller;
  /** The refusal of an item operation and of a nested collection's list. */
  status: number;
  type: string;
  /** A top-level list answers 200 without A's items (another org or mode), or the same refusal. */
  listsEmpty: boolean;
  /** Only where a secret key is required (print & mail refuses public keys everywhere). */
  realms: string[];
}
let intruders: Intruder[];

before(async () => {
  server = await startTestServer(fuzzConfig(), { workers: false });
  api = await apiOf(server);
  resources = api.resources.filter((r) => ['print-mail', 'addver'].includes(realmOf(r.collection)));
  const a = await callerOf(server, 'iso-a', 'test');
  seeds = seeder(api.resources, (m, p, b) => a.send(m, p, b));
  const revoked = {
    'print-mail': await server.key({ org: 'iso-a' }),
    addver: await server.key({ org: 'iso-a', product: 'addver' }),
  };
  // Revoked before its first use, so no process has it cached (a key cache lives 10 s).
  for (const key of Object.values(revoked)) assert.equal(await revokeKey(server.runtime.db.pool, key), 1);
  const publicKeys = {
    'print-mail': await server.key({ org: 'iso-a', kind: 'public' }),
    addver: await server.key({ org: 'iso-a', product: 'addver', kind: 'public' }),
  };
  const everywhere = ['print-mail', 'addver'];
  intruders = [
    {
      name: "another organization's test key",
      caller: await callerOf(server, 'iso-b', 'test'),
      status: 404,
      type: 'not_found_error',
      listsEmpty: true,
      realms: everywhere,
    },
    {
      name: "A's live key (the other mode)",
      caller: await callerOf(server, 'iso-a', 'live'),
      status: 404,
      type: 'not_found_error',
      listsEmpty: true,
      realms: everywhere,
    },
    {
      name: "A's public key",
      caller: callerWithKeys(server, publicKeys),
      status: 401,
      type: 'permission_missing_error',
      listsEmpty: false,
      realms: ['print-mail'],
    },
    {
      name: "A's revoked key",
      caller: callerWithKeys(server, revoked),
      status: 401,
      type: 'missing_auth_error',
      listsEmpty: false,
      realms: everywhere,
    },
  ];
});
after(() => server?.close());

test('every create operation in /openapi.json has a valid body to seed with', () => {
  assert.deepEqual(missingValidBodies(api.resources), []);
});

/** A valid request body for an operation: the table's for a create, else the schema's minimal example. */
async function bodyFor(op: Operation): Promise<{ json?: unknown; multipart?: FormData }> {
  const entry = op.method === 'POST' ? VALID_BODIES[op.path] : undefined;
  if (entry) {
    const req = await entry({ id: seeds.id });
    return { json: req.json, multipart: req.multipart?.() };
  }
  const action = VALID_ACTION_BODIES[opName(op)];
  if (action) return { json: (await action({ id: seeds.id })).json };
  if (op.method === 'GET' || op.method === 'DELETE') return {};
  return { json: exampleOf(op.body) ?? {} };
}

/** Path and required query of an operation, its placeholders naming A's seeded resources. */
async function urlOf(op: Operation): Promise<string> {
  const query = op.params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(exampleOf(p.schema) ?? '1'))}`);
  return (await seeds.path(op.path)) + (query.length ? `?${query.join('&')}` : '');
}

/** The documented refusal, and nothing else in the body. */
function assertRefusal(res: Answer, path: string, status: number, type: string, what: string): void {
  assert.equal(res.status, status, `${what}: ${res.text}`);
  assert.equal((ERROR_CATALOGUE as Record<string, number>)[type], status);
  if (path.startsWith('/v1/')) {
    assert.deepEqual(Object.keys(res.body).sort(), ['message', 'status', 'type'], what);
    assert.equal(res.body.type, type, what);
  } else {
    assert.deepEqual(Object.keys(res.body), ['object', 'error'], what);
    assert.deepEqual(Object.keys(res.body.error).sort(), ['message', 'type'], what);
    assert.equal(res.body.error.type, type, `${what}: ${res.text}`);
  }
}

test("no other key reaches a resource of A's test mode: every item operation and list", async () => {
  // Seed one of everything first (and only then count rows): the sweep must change none.
  const ids = new Map<Resource, string>();
  // Collections without a create (events) list what the creates made: those come last.
  for (const r of [...resources].sort((x, y) => Number(!x.create) - Number(!y.create)))
    ids.set(r, await seeds.id(r.collection));
  // The item's own GET: `C/{param}` and nothing after.
  const getItem = (r: Resource) =>
    r.itemOps.find(
      ({ op }) => op.method === 'GET' && /^\/\{[^}]+\}$/.test(op.path.slice(r.collection.length)),
    );
  const seen = new Map<Resource, Answer>();
  const a = await callerOf(server, 'iso-a', 'test');
  for (const r of resources) {
    const get = getItem(r);
    if (get) seen.set(r, await a.send('GET', await seeds.path(get.op.path)));
  }
  const snapshot = await rowCounter(server.runtime.db.pool, server.schema);
  const before = await snapshot();

  let checked = 0;
  /** Every operation on one resource by one intruder, in turn. */
  const sweep = async (r: Resource, who: Intruder) => {
    const id = ids.get(r)!;
    const nested = r.collection.includes('{');
    for (const { op } of r.itemOps) {
      const path = await urlOf(op);
      const what = `${opName(op)} by ${who.name}`;
      const res = await who.caller.send(op.method, path, await bodyFor(op));
      if (res.status === 400 && who.status !== 400)
        assert.fail(
          `${what}: the body was refused (${res.text}); add a valid body for ${opName(op)} to test/fuzz/support/valid-bodies.ts`,
        );
      assertRefusal(res, op.path, who.status, who.type, what);
      checked++;
    }
    if (r.list) {
      const path = await urlOf(r.list);
      const what = `${opName(r.list)} by ${who.name}`;
      const res = await who.caller.send('GET', path);
      if (who.listsEmpty && !nested) {
        assert.equal(res.status, 200, `${what}: ${res.text}`);
        assert.ok(!res.text.includes(id), `${what} lists A's ${id}`);
      } else assertRefusal(res, r.list.path, who.status, who.type, what);
      checked++;
    }
  };
  // The four intruders at once: each refusal is independent of the others.
  for (const r of resources)
    await Promise.all(
      intruders.filter((who) => who.realms.includes(realmOf(r.collection))).map((who) => sweep(r, who)),
    );
  assert.ok(checked >= resources.length * intruders.length, `only ${checked} calls`);
  assert.deepEqual(rowChanges(before, await snapshot()), [], 'refused calls wrote rows');

  // And A still has every one of them, unchanged.
  for (const [r, was] of seen) {
    const get = getItem(r)!;
    const now = await a.send('GET', await seeds.path(get.op.path));
    assert.equal(now.status, 200, `${opName(get.op)}: ${now.text}`);
    // Signed links are signed afresh on every read.
    const unsigned = (text: string) => text.replace(/expires=\d+&signature=[\w-]+/g, '');
    assert.equal(unsigned(now.text), unsigned(was.text), opName(get.op));
  }
});

test('the operator API refuses customer keys', async () => {
  const a = await callerOf(server, 'iso-a', 'test');
  const key = a.credentials('/print-mail/v1/contacts')['x-api-key'];
  const operatorOps = api.ops.filter((op) => realmOf(op.path) === 'operator');
  assert.ok(operatorOps.length > 0, 'no operator operations in /openapi.json');
  for (const op of operatorOps) {
    const path = await seeds.path(op.path).catch(() => op.path.replace(/\{[^}]+\}/g, 'x'));
    const res = await fetch(server.url + path, { method: op.method, headers: { 'x-api-key': key } });
    const body = await res.json();
    assertRefusal(
      { status: res.status, body, text: JSON.stringify(body) },
      op.path,
      401,
      'missing_auth_error',
      opName(op),
    );
  }
});
