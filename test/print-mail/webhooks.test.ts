import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { emitEvent, startReceiver } from '../helpers/webhook-receiver.js';

const PATH = '/print-mail/v1/webhooks';
let server: TestServer;
let key: string;
const hook = (extra: Record<string, unknown> = {}) => ({
  url: 'https://example.com/hooks/postroom',
  enabledEvents: ['letter.created', 'letter.updated'],
  ...extra,
});

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'webhooks-org' });
});
after(() => server.close());

resourceContract(() => server, {
  object: 'webhook',
  path: PATH,
  idPrefix: 'webhook',
  product: 'print-mail',
  deletion: 'removes',
  create: async (s, k) => (await s.request('POST', PATH, { key: k, json: hook() })).body,
});

describe('webhooks: create, update', () => {
  test('defaults: enabled, jwt, a generated webhook_secret_ returned on create and get', async () => {
    const res = await server.request('POST', PATH, {
      key,
      json: hook({ description: 'ops', metadata: { a: 1 } }),
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.object, 'webhook');
    assert.equal(res.body.enabled, true);
    assert.equal(res.body.payloadFormat, 'jwt');
    assert.match(res.body.secret, /^webhook_secret_[1-9A-HJ-NP-Za-km-z]{32}$/);
    assert.deepEqual(res.body.enabledEvents, ['letter.created', 'letter.updated']);
    assert.equal(res.body.description, 'ops');
    assert.deepEqual(res.body.metadata, { a: 1 });
    const got = await server.request('GET', `${PATH}/${res.body.id}`, { key });
    assert.equal(got.body.secret, res.body.secret);
  });

  test('a given secret, json format and enabled=false are kept; form bodies work', async () => {
    const secret = 'my-own-secret-of-24-chars';
    const res = await server.request('POST', PATH, {
      key,
      form: {
        url: 'https://example.com/x',
        'enabledEvents[]': 'postcard.created',
        secret,
        payloadFormat: 'json',
        enabled: 'false',
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.secret, secret);
    assert.equal(res.body.payloadFormat, 'json');
    assert.equal(res.body.enabled, false);
    assert.deepEqual(res.body.enabledEvents, ['postcard.created']);
  });

  test('update with POST /webhooks/{id}: fields change, null removes description', async () => {
    const created = (await server.request('POST', PATH, { key, json: hook({ description: 'd' }) })).body;
    const res = await server.request('POST', `${PATH}/${created.id}`, {
      key,
      json: {
        enabled: false,
        enabledEvents: ['tracker.visited'],
        description: null,
        url: 'https://example.org/new',
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.enabled, false);
    assert.deepEqual(res.body.enabledEvents, ['tracker.visited']);
    assert.equal(res.body.description, undefined);
    assert.equal(res.body.url, 'https://example.org/new');
    assert.equal(res.body.secret, created.secret);
    const got = await server.request('GET', `${PATH}/${created.id}`, { key });
    assert.deepEqual(got.body, res.body);
    const missing = await server.request('POST', `${PATH}/webhook_1111111111111111111111`, {
      key,
      json: { enabled: true },
    });
    assert.equal(missing.status, 404);
  });
});

describe('webhooks: documentation', () => {
  test('/openapi.json describes webhooks, invocations and events', async () => {
    const { paths } = (await server.request('GET', '/openapi.json')).body;
    for (const path of ['/print-mail/v1/webhooks', '/print-mail/v1/events'])
      assert.ok(paths[path]?.get, path);
    assert.ok(paths['/print-mail/v1/webhooks'].post);
    assert.ok(paths['/print-mail/v1/webhooks/{id}'].post, 'update is POST /webhooks/{id}');
    assert.ok(paths['/print-mail/v1/webhooks/{id}'].delete);
    assert.ok(paths['/print-mail/v1/webhooks/{id}/invocations'].get);
    assert.ok(paths['/print-mail/v1/events/{id}'].get);
  });
});

describe('webhooks: bad input is a 400 naming the field', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['invalid URL', hook({ url: 'not a url' }), /\burl\b/],
    ['non-http URL', hook({ url: 'ftp://example.com/x' }), /\burl\b/],
    [
      'unknown event type',
      hook({ enabledEvents: ['letter.created', 'letter.exploded'] }),
      /enabledEvents.*letter\.exploded/,
    ],
    ['short secret', hook({ secret: 'short' }), /secret.*20/],
    ['unknown payloadFormat', hook({ payloadFormat: 'xml' }), /payloadFormat.*jwt, json/],
    ['missing url', { enabledEvents: ['letter.created'] }, /\burl\b/],
    ['missing enabledEvents', { url: 'https://example.com' }, /enabledEvents/],
  ];
  for (const [name, body, pattern] of cases) {
    test(name, async () => {
      const res = await server.request('POST', PATH, { key, json: body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, pattern);
    });
  }

  test('update validates too', async () => {
    const created = (await server.request('POST', PATH, { key, json: hook() })).body;
    const res = await server.request('POST', `${PATH}/${created.id}`, { key, json: { secret: 'tiny' } });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /secret/);
  });
});

describe('webhooks: private URLs', () => {
  let strict: TestServer;
  let strictKey: string;
  before(async () => {
    strict = await startTestServer({ allowPrivateUrls: false });
    strictKey = await strict.key({ org: 'strict' });
  });
  after(() => strict.close());

  for (const url of [
    'http://127.0.0.1:9/x',
    'http://localhost/x',
    'http://10.1.2.3/x',
    'http://[::1]/x',
    'http://169.254.169.254/latest',
    'http://localhost./x',
    'http://LOCALHOST./x',
    'http://app.localhost./x',
    'http://printer.local/x',
    'http://[::ffff:0:127.0.0.1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[64:ff9b:1::a00:1]/x',
    'http://0x7f.1/x',
  ]) {
    test(`refused when private URLs are not allowed: ${url}`, async () => {
      const res = await strict.request('POST', PATH, { key: strictKey, json: hook({ url }) });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, /\burl\b.*private/);
    });
  }

  test('checked again at delivery: a URL that became private gets nothing, the attempt is a 0', async () => {
    const receiver = await startReceiver();
    const created = await strict.request('POST', PATH, {
      key: strictKey,
      json: hook({ url: 'http://93.184.215.14/hook', enabledEvents: ['letter.created'] }),
    });
    assert.equal(created.status, 201, created.text);
    // As if its DNS now pointed at a loopback service.
    await strict.runtime.db.pool.query(
      `UPDATE webhooks SET doc = jsonb_set(doc, '{url}', to_jsonb($1::text)) WHERE id = $2`,
      [receiver.url(), created.body.id],
    );
    await emitEvent(strict.runtime.db.pool, 'strict', 'test', 'letter.created', { id: 'letter_p' });
    const until = Date.now() + 10_000;
    let rows: { statusCode: number; error: string }[] = [];
    while (rows.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await strict.runtime.db.pool.query(
        `SELECT (doc->>'statusCode')::int AS "statusCode", error FROM webhook_invocations WHERE webhook_id = $1`,
        [created.body.id],
      );
      rows = res.rows;
    }
    assert.equal(rows[0]?.statusCode, 0);
    assert.match(rows[0].error, /private/);
    assert.equal(receiver.deliveries.length, 0);
    await receiver.close();
  });

  test('accepted when the operator allows them (the test default)', async () => {
    const res = await server.request('POST', PATH, { key, json: hook({ url: 'http://127.0.0.1:9/x' }) });
    assert.equal(res.status, 201);
  });
});
