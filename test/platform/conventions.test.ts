import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const PATH = '/print-mail/v1/contacts';
let server: TestServer;
let key: string;
const contact = (email: string) => ({ firstName: 'Idem', addressLine1: '1 Main St', email });

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'conventions' });
});
after(() => server.close());

describe('Idempotency-Key', () => {
  test('a replay returns the first response; the resource exists once', async () => {
    const headers = { 'idempotency-key': 'idem-1' };
    const first = await server.request('POST', PATH, { key, json: contact('a@idem.test'), headers });
    const second = await server.request('POST', PATH, { key, json: contact('a@idem.test'), headers });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
  });

  test('the same key with a different request is a 422; nothing is created', async () => {
    const headers = { 'idempotency-key': 'idem-2' };
    await server.request('POST', PATH, { key, json: contact('b@idem.test'), headers });
    const other = await server.request('POST', PATH, { key, json: contact('c@idem.test'), headers });
    assert.equal(other.status, 422);
    assert.equal(other.body.error.type, 'idempotency_key_reuse_error');
    const search = encodeURIComponent(JSON.stringify({ email: 'c@idem.test' }));
    assert.equal((await server.request('GET', `${PATH}?search=${search}`, { key })).body.totalCount, 0);
  });

  test('concurrent requests with one key create one resource', async () => {
    const headers = { 'idempotency-key': 'idem-3' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', PATH, { key, json: contact('d@idem.test'), headers }),
      ),
    );
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
  });

  test('keys are per organization and mode', async () => {
    const headers = { 'idempotency-key': 'idem-4' };
    const a = await server.request('POST', PATH, { key, json: contact('e@idem.test'), headers });
    const liveKey = await server.key({ org: 'conventions', mode: 'live' });
    const otherOrg = await server.key({ org: 'conventions-2' });
    const b = await server.request('POST', PATH, { key: liveKey, json: contact('e@idem.test'), headers });
    const c = await server.request('POST', PATH, { key: otherOrg, json: contact('e@idem.test'), headers });
    assert.equal(new Set([a.body.id, b.body.id, c.body.id]).size, 3);
  });

  test('a failed create does not burn the key', async () => {
    const headers = { 'idempotency-key': 'idem-5' };
    const failed = await server.request('POST', PATH, { key, json: { addressLine1: 'x' }, headers });
    assert.equal(failed.status, 400);
    const ok = await server.request('POST', PATH, { key, json: { addressLine1: 'x' }, headers });
    assert.equal(ok.status, 400);
    const fixed = await server.request('POST', PATH, { key, json: contact('f@idem.test'), headers });
    assert.equal(fixed.status, 201); // the failed attempts rolled the key back with them
  });
});

describe('operations endpoints', () => {
  test('health, readiness, metrics, OpenAPI and the docs page', async () => {
    assert.deepEqual((await server.request('GET', '/healthz')).body, { status: 'ok' });
    assert.equal((await server.request('GET', '/readyz')).body.database, 'ok');
    const countOf = (text: string) =>
      Number(
        text.match(
          /postroom_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)/,
        )?.[1] ?? 0,
      );
    const before = countOf((await server.request('GET', '/metrics')).text);
    for (let i = 0; i < 3; i++) await server.request('GET', '/healthz');
    const metrics = await server.request('GET', '/metrics');
    assert.equal(countOf(metrics.text), before + 3);
    // Buckets are cumulative and end in +Inf = count; process metrics are there too.
    assert.match(metrics.text, new RegExp(`route="/healthz",status="200",le="\\+Inf"} ${before + 3}\n`));
    assert.match(metrics.text, /process_cpu_user_seconds_total/);
    const openapi = await server.request('GET', '/openapi.json');
    assert.equal(openapi.body.openapi, '3.1.0');
    assert.ok(openapi.body.paths['/print-mail/v1/contacts'].post);
    assert.ok(openapi.body.paths['/print-mail/v1/contacts/{id}'].delete);
    const docs = await fetch(`${server.url}/docs/`);
    assert.equal(docs.status, 200);
    assert.match(await docs.text(), /<html/i);
  });

  test('every response carries a request id; a client-sent one is echoed', async () => {
    const res = await server.request('GET', '/healthz', { headers: { 'x-request-id': 'req-abc' } });
    assert.equal(res.headers.get('x-request-id'), 'req-abc');
  });

  test('unknown routes are 404 in the right shape for each API', async () => {
    const pm = await server.request('GET', '/print-mail/v1/nothing', { key });
    assert.equal(pm.status, 404);
    assert.equal(pm.body.object, 'error');
    const av = await server.request('GET', '/v1/nothing');
    assert.equal(av.status, 404);
    assert.equal(av.body.status, 'error');
    assert.equal(typeof av.body.message, 'string');
  });
});

describe('rate limiting', () => {
  let limited: TestServer;
  before(async () => {
    limited = await startTestServer({ rateLimitPerSecond: 1, rateLimitBurst: 3 });
  });
  after(() => limited.close());

  test('past the burst a key gets 429 with Retry-After; other keys are unaffected', async () => {
    const k = await limited.key({ org: 'rl' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.request('GET', PATH, { key: k })).status);
    assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
    const last = await limited.request('GET', PATH, { key: k });
    assert.equal(last.status, 429);
    assert.equal(last.body.error.type, 'rate_limit_exceeded_error');
    assert.ok(Number(last.headers.get('retry-after')) >= 1);
    const other = await limited.key({ org: 'rl-2' });
    assert.equal((await limited.request('GET', PATH, { key: other })).status, 200);
  });
});
