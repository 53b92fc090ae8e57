import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { type CountingListener, startCountingListener } from '../helpers/network-vectors.js';
import { aimPrivateUrlsAt, type CaseKind } from './support/cases.js';
import { coercionHoles, fetchOpenApi } from './support/openapi.js';
import { formatFindings, fuzzSeed, runFuzz } from './support/runner.js';
import { missingValidBodies, seeder } from './support/seeds.js';
import { type Api, apiOf, callerOf, fuzzConfig, fuzzTarget } from './support/target.js';
import { VALID_BODIES } from './support/valid-bodies.js';

/**
 * Issue R1 §2: hostile requests generated (fast-check, fixed seed) for every operation in the
 * server's own /openapi.json. Every answer is a success or a documented 4xx error shape — never
 * a 5xx, a hang or a dropped connection — and no refused request writes a row. bench/fuzz.ts
 * runs the same with ≥ 10,000 cases. docs/testing.md says how it works.
 */

// Cases per operation and kind in CI: enough for every kind to reach every operation, within
// the suite's time budget on a loaded 2-core machine. Each huge-string case is a 1 MB body.
const COUNTS = (_kind: CaseKind) => 1;

let server: TestServer;
let api: Api;
let listener: CountingListener;

before(async () => {
  listener = await startCountingListener();
  aimPrivateUrlsAt(listener.port);
  // No job workers: nothing but the requests writes rows while they are counted.
  server = await startTestServer(fuzzConfig(), { workers: false });
  api = await apiOf(server);
});
after(async () => {
  await server?.close();
  await listener?.close();
});

test('every create operation in /openapi.json has a valid body to seed and mutate', () => {
  assert.deepEqual(missingValidBodies(api.resources), []);
});

test('no request schema has a union of scalar types that Ajv coercion lets an array through', async () => {
  assert.deepEqual(coercionHoles(await fetchOpenApi(server.url)), []);
});

test('hostile input to every operation answers a success or a documented 4xx, and refusals write nothing', async () => {
  const target = await fuzzTarget(server, api);
  // Deletes last, so the seeded resources the other operations' paths name still exist.
  const ops = [...api.ops].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const seed = fuzzSeed();
  const figures = await runFuzz(target, ops, COUNTS, { seed, concurrency: 4 });
  assert.ok(ops.length >= 100, `only ${ops.length} operations in /openapi.json`);
  assert.ok(figures.cases >= ops.length * 3, `only ${figures.cases} cases`);
  assert.equal(figures.findings.length, 0, formatFindings(figures.findings, seed));
  // The cases reach both outcomes: refusals, and bodies broken in ways the API accepts.
  const count = (from: number, to: number) =>
    [...figures.byStatus].filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0);
  assert.ok(count(400, 500) > figures.cases / 2, `only ${count(400, 500)} refusals`);
  assert.ok(count(200, 300) > 0, 'no case succeeded');
  // Every URL, file and HTML field was given private addresses: none was reached.
  assert.equal(
    listener.connections(),
    0,
    `requests to the private listener: ${listener.requests().join(' ')}`,
  );
});

/**
 * What the suite found (docs/decisions.md, "What the generated fuzz suite found"), each
 * replayed on its own: the generated cases meet some of them only with other seeds.
 */
describe('findings, replayed', () => {
  const PM = '/print-mail/v1';
  let orgs = 0;
  const freshOrg = async () => {
    const caller = await callerOf(server, `finding-${orgs++}`, 'test');
    return { caller, seeds: seeder(api.resources, (m, p, b) => caller.send(m, p, b)) };
  };

  test('headers past 16 KB: 431 with a documented type, in both error shapes', async () => {
    for (const path of [`${PM}/contacts`, '/v1/addver/verifications']) {
      const res = await fetch(`${server.url}${path}?search=${'q'.repeat(20_000)}`);
      const body = await res.json();
      assert.equal(res.status, 431);
      assert.equal(body.error.type, 'headers_too_large_error');
      assert.equal(body.type, 'headers_too_large_error');
      assert.equal(body.status, 'error');
    }
  });

  test('a one-element array in a removable field is a 400, not a 500 or a stored array', async () => {
    const { caller, seeds } = await freshOrg();
    const profile = await seeds.id(`${PM}/order_profiles/cheques`);
    const form = await fetch(`${server.url}${PM}/order_profiles/cheques/${profile}`, {
      method: 'POST',
      headers: { ...caller.credentials(PM), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'logo[]=https%3A%2F%2Fexample.com%2Fa.png',
    });
    assert.equal(form.status, 400, await form.text());
    const webhook = await seeds.id(`${PM}/webhooks`);
    const res = await caller.send('POST', `${PM}/webhooks/${webhook}`, { json: { description: ['a'] } });
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.error.message, /description/);
    assert.equal((await caller.send('GET', `${PM}/webhooks/${webhook}`)).body.description, undefined);
    // A blank form field still removes, as before.
    const set = await caller.send('POST', `${PM}/webhooks/${webhook}`, { json: { description: 'Orders' } });
    assert.equal(set.body.description, 'Orders');
    const blank = await fetch(`${server.url}${PM}/webhooks/${webhook}`, {
      method: 'POST',
      headers: { ...caller.credentials(PM), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'description=',
    });
    assert.equal(blank.status, 200);
    assert.equal((await blank.json()).description, undefined);
  });

  test('a blank required field of an order profile is a 400 naming it', async () => {
    const { caller } = await freshOrg();
    const res = await caller.send('POST', `${PM}/order_profiles/cheques`, {
      json: { size: 'us_letter', bankAccount: '' },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.message, 'bankAccount is required.');
  });

  test('a refused cheque create takes no cheque number', async () => {
    const numberOfFirstCheque = async (refuseFirst: boolean) => {
      const { caller, seeds } = await freshOrg();
      const valid = (await VALID_BODIES[`${PM}/cheques`]({ id: seeds.id })).json as Record<string, unknown>;
      if (refuseFirst) {
        // Refused by the letter's merge check, after the bank account was read.
        const res = await caller.send('POST', `${PM}/cheques`, {
          json: { ...valid, letterHTML: '<p>{{nowhere}}</p>' },
        });
        assert.equal(res.status, 400, res.text);
      }
      const res = await caller.send('POST', `${PM}/cheques`, { json: valid });
      assert.equal(res.status, 201, res.text);
      return res.body.number as number;
    };
    assert.equal(await numberOfFirstCheque(true), await numberOfFirstCheque(false));
  });
});
