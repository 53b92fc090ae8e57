import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

/**
 * The defects a probe of malformed, hostile and unlucky requests found (issue R1 §1): each
 * answer here was a 500, a wrong record or a non-API error body before its fix.
 */
const CONTACTS = '/print-mail/v1/contacts';
const LETTERS = '/print-mail/v1/letters';
let server: TestServer;

before(async () => {
  server = await startTestServer({}, { workers: false });
});
after(() => server.close());

/** A key of a fresh organization, so "nothing was written" is a count of zero. */
let orgs = 0;
const freshKey = (mode: 'test' | 'live' = 'test') => server.key({ org: `probe-${orgs++}`, mode });
const raw = (key: string, body: string, contentType = 'application/json') => ({
  key,
  raw: { body, contentType },
});
const contactCount = async (key: string) =>
  (await server.request('GET', CONTACTS, { key })).body.totalCount as number;

/** A 400 validation_error in the print-mail shape whose message names `field`. */
function assertNamed(res: { status: number; body: any; text: string }, field: RegExp): void {
  assert.equal(res.status, 400, res.text);
  assert.equal(res.body.object, 'error', res.text);
  assert.equal(res.body.error.type, 'validation_error', res.text);
  assert.match(res.body.error.message, field);
}

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('prototype keys never reach validation or the stored record', () => {
  const poisoned = '{"__proto__":{"firstName":{"nested":["obj"]},"city":12345},"addressLine1":"1 Main St"}';

  for (const mode of ['test', 'live'] as const) {
    test(`JSON __proto__ is refused by name (${mode} key), nothing stored`, async () => {
      const key = await freshKey(mode);
      const res = await server.request('POST', CONTACTS, raw(key, poisoned));
      assertNamed(res, /__proto__/);
      assert.equal(await contactCount(key), 0);
    });
  }

  test('JSON constructor.prototype is refused', async () => {
    const key = await freshKey();
    const body = '{"constructor":{"prototype":{"city":1}},"firstName":"A","addressLine1":"1 Main St"}';
    assertNamed(await server.request('POST', CONTACTS, raw(key, body)), /constructor/);
    assert.equal(await contactCount(key), 0);
  });

  test('a nested __proto__ (in metadata, in an inline contact) is refused by its path', async () => {
    const key = await freshKey();
    const meta = '{"firstName":"A","addressLine1":"1 Main St","metadata":{"__proto__":{"x":1}}}';
    assertNamed(await server.request('POST', CONTACTS, raw(key, meta)), /metadata\.__proto__/);
    const letter =
      '{"to":{"__proto__":{"firstName":["x"]},"addressLine1":"1 Main St"},"from":{"firstName":"B","addressLine1":"2 Main St"},"html":"<p>x</p>"}';
    assertNamed(await server.request('POST', LETTERS, raw(key, letter)), /to\.__proto__/);
    assert.equal((await server.request('GET', LETTERS, { key })).body.totalCount, 0);
  });

  test('urlencoded bracket keys naming __proto__ are refused', async () => {
    const key = await freshKey();
    for (const form of [
      'firstName=A&addressLine1=1+Main&__proto__[city]=x',
      'firstName=A&addressLine1=1+Main&metadata[__proto__][x]=1',
      'firstName=A&addressLine1=1+Main&metadata%5B__proto__%5D%5Bx%5D=1',
    ]) {
      const res = await server.request('POST', CONTACTS, raw(key, form, 'application/x-www-form-urlencoded'));
      assertNamed(res, /__proto__/);
    }
    assert.equal(await contactCount(key), 0);
  });

  test('multipart fields naming __proto__ are refused', async () => {
    const key = await freshKey();
    const form = new FormData();
    form.append('firstName', 'A');
    form.append('addressLine1', '1 Main');
    form.append('metadata[__proto__][x]', '1');
    assertNamed(await server.request('POST', CONTACTS, { key, multipart: form }), /__proto__/);
    assert.equal(await contactCount(key), 0);
  });
});

describe('NUL characters and lone surrogates: 400 naming the field, never 500', () => {
  const contact = (extra: object) => JSON.stringify({ firstName: 'A', addressLine1: '1 Main St', ...extra });
  const cases: Array<[string, string, RegExp]> = [
    ['NUL in a string field', contact({ lastName: 'a\u0000b' }), /lastName .*NUL/],
    ['NUL in a metadata value', contact({ metadata: { team: 'x\u0000' } }), /metadata\.team .*NUL/],
    ['NUL in a metadata key', contact({ metadata: { 'te\u0000am': 'x' } }), /metadata has a key that .*NUL/],
    [
      'NUL deep in an array',
      contact({ metadata: { list: ['ok', ['x\u0000']] } }),
      /metadata\.list\.1\.0 .*NUL/,
    ],
    ['a lone high surrogate', '{"firstName":"a\\ud800","addressLine1":"1 Main St"}', /firstName .*surrogate/],
    ['a lone low surrogate', '{"firstName":"a\\udc00b","addressLine1":"1 Main St"}', /firstName .*surrogate/],
    [
      'a lone surrogate in a key',
      '{"firstName":"a","addressLine1":"1","metadata":{"\\ud800":1}}',
      /surrogate/,
    ],
  ];
  for (const [name, body, message] of cases) {
    test(name, async () => {
      const key = await freshKey();
      assertNamed(await server.request('POST', CONTACTS, raw(key, body)), message);
      assert.equal(await contactCount(key), 0);
    });
  }

  test('a well-formed surrogate pair (an emoji) is accepted', async () => {
    const key = await freshKey();
    const res = await server.request('POST', CONTACTS, raw(key, contact({ lastName: 'Smile \ud83d\ude00' })));
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.lastName, 'Smile 😀');
  });

  test('NUL in an order create (mergeVariables), in a form body (%00) and in a multipart field', async () => {
    const key = await freshKey();
    const letter = {
      to: { firstName: 'A', addressLine1: '1 Main St' },
      from: { firstName: 'B', addressLine1: '2 Main St' },
      html: '<p>{{code}}</p>',
      mergeVariables: { code: 'Z\u000042' },
    };
    assertNamed(await server.request('POST', LETTERS, { key, json: letter }), /mergeVariables\.code .*NUL/);
    const form = 'firstName=A%00&addressLine1=1+Main';
    assertNamed(
      await server.request('POST', CONTACTS, raw(key, form, 'application/x-www-form-urlencoded')),
      /firstName .*NUL/,
    );
    const multipart = new FormData();
    multipart.append('firstName', 'A');
    multipart.append('addressLine1', '1 Main\u0000');
    assertNamed(await server.request('POST', CONTACTS, { key, multipart }), /addressLine1 .*NUL/);
    assert.equal(await contactCount(key), 0);
    assert.equal((await server.request('GET', LETTERS, { key })).body.totalCount, 0);
  });

  test('NUL or a lone surrogate in search (free text or JSON) and in a path id', async () => {
    const key = await freshKey();
    assertNamed(await server.request('GET', `${CONTACTS}?search=a%00b`, { key }), /search .*NUL/);
    const json = (s: string) => `${CONTACTS}?search=${encodeURIComponent(s)}`;
    assertNamed(await server.request('GET', json('{"metadata.k":"\\u0000"}'), { key }), /search.*NUL/);
    assertNamed(await server.request('GET', json('{"metadata.k":"\\ud800"}'), { key }), /search.*surrogate/);
    assertNamed(await server.request('GET', json('{"metadata.__proto__":1}'), { key }), /search/);
    const id = await server.request('GET', '/print-mail/v1/templates/template_%00', { key });
    assert.equal(id.status, 400, id.text);
    assert.equal(id.body.error.type, 'validation_error');
  });
});

describe('skip and limit out of range', () => {
  for (const query of [
    'skip=1e20',
    'skip=9223372036854775806',
    'skip=Infinity',
    'limit=Infinity',
    'limit=1e400',
    'skip=-Infinity',
  ]) {
    test(`${query} is a 400 naming the parameter`, async () => {
      const key = await freshKey();
      const res = await server.request('GET', `${CONTACTS}?${query}`, { key });
      assertNamed(res, new RegExp(`^${query.split('=')[0]} `));
    });
  }

  test('the largest skip accepted still answers (an empty page)', async () => {
    const key = await freshKey();
    const res = await server.request('GET', `${CONTACTS}?skip=${Number.MAX_SAFE_INTEGER}`, { key });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, []);
  });
});

describe('deep nesting is capped', () => {
  test('metadata and mergeVariables 5,000 levels deep: 400 naming the field', async () => {
    const key = await freshKey();
    const meta = `{"firstName":"A","addressLine1":"1 Main St","metadata":{"k":${nested(5000)}}}`;
    assertNamed(await server.request('POST', CONTACTS, raw(key, meta)), /metadata\.k.* nested deeper than/);
    const letter = `{"to":{"firstName":"A","addressLine1":"1 Main St"},"from":{"firstName":"B","addressLine1":"2 Main St"},"html":"<p>x</p>","mergeVariables":{"v":${nested(5000)}}}`;
    assertNamed(
      await server.request('POST', LETTERS, raw(key, letter)),
      /mergeVariables\.v.* nested deeper than/,
    );
    assert.equal(await contactCount(key), 0);
  });

  test('100,000 nested arrays: 400, not a stack overflow', async () => {
    const key = await freshKey();
    const deep = `{"firstName":"A","addressLine1":"1","metadata":{"k":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    assertNamed(await server.request('POST', CONTACTS, raw(key, deep)), /nested/);
  });

  test('nesting within the cap is kept as sent', async () => {
    const key = await freshKey();
    const body = `{"firstName":"A","addressLine1":"1 Main St","metadata":{"k":${nested(20)}}}`;
    const res = await server.request('POST', CONTACTS, raw(key, body));
    assert.equal(res.status, 201, res.text);
  });
});

describe('multipart/form-data without a boundary', () => {
  for (const path of [CONTACTS, LETTERS, '/print-mail/v1/templates', '/print-mail/v1/mailing_list_imports']) {
    test(`POST ${path}: a 4xx in the API's shape`, async () => {
      const key = await freshKey();
      const res = await server.request('POST', path, raw(key, 'firstName=A', 'multipart/form-data'));
      assert.ok(res.status === 400 || res.status === 415, res.text);
      assert.equal(res.body.object, 'error', res.text);
      assert.match(res.body.error.message, /boundary/);
    });
  }
});

describe("errors Fastify raised itself are in the API's shapes", () => {
  test('a path id over 100 characters', async () => {
    const key = await freshKey();
    const res = await server.request('GET', `${CONTACTS}/contact_${'a'.repeat(120)}`, { key });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(Object.keys(res.body), ['object', 'error']);
    assert.equal(res.body.error.type, 'validation_error');
  });

  test('malformed percent-encoding in the path (print-mail shape and the /v1 envelope)', async () => {
    const key = await freshKey();
    const printMail = await server.request('GET', `${CONTACTS}/contact_%zz`, { key });
    assert.equal(printMail.status, 400, printMail.text);
    assert.equal(printMail.body.error.type, 'validation_error');
    const addver = await server.request('GET', '/v1/addver/verifications/%E0%A4%A', { key });
    assert.equal(addver.status, 400, addver.text);
    assert.equal(addver.body.status, 'error', addver.text);
  });

  test('request headers too large', async () => {
    const res = await server.request('GET', CONTACTS, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    assert.equal(res.status, 431, res.text);
    assert.equal(res.body.object, 'error', res.text);
  });
});

test('the OpenAPI description claims what is served, and serves what it claims', async () => {
  const doc = (await server.request('GET', '/openapi.json')).body;
  const intl = Object.keys(doc.paths).filter((p) => p.startsWith('/v1/intl_addver'));
  assert.ok(intl.length > 0, 'the international API is described');
  assert.match(doc.info.description, /\/v1\/intl_addver/);
  const key = await server.key({ org: 'described', product: 'addver' });
  const served = await server.request('POST', '/v1/intl_addver/verifications', {
    key,
    json: { address: { line1: '10 Downing Street', city: 'London', postalOrZip: 'SW1A 2AA', country: 'GB' } },
  });
  assert.notEqual(served.status, 404);
});

describe('the database going away', () => {
  let proxied: TestServer;
  let proxy: PgProxy;
  before(async () => {
    proxy = await PgProxy.start(new URL(await testDatabaseUrl()));
    proxied = await startTestServer({ databaseUrl: proxy.url }, { workers: false });
  });
  after(async () => {
    await proxy.resume();
    await proxied.close();
    await proxy.close();
  });

  test('requests get 503 service_unavailable_error with Retry-After, and recover when it is back', async () => {
    const key = await proxied.key({ org: 'db-outage' });
    assert.equal((await proxied.request('GET', CONTACTS, { key })).status, 200);
    proxy.cut();
    // A key already authenticated is cached: the list itself is what meets the missing database.
    for (const [method, path, opts] of [
      ['GET', CONTACTS, { key }],
      ['POST', CONTACTS, { key, json: { firstName: 'A', addressLine1: '1 Main St' } }],
    ] as const) {
      const res = await proxied.request(method, path, opts);
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.error.type, 'service_unavailable_error');
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
    }
    await proxy.resume();
    const back = await proxied.request('GET', CONTACTS, { key });
    assert.equal(back.status, 200, back.text);
  });
});

describe('render queue fairness between organizations', () => {
  test("one organization's backlog does not keep another's letter waiting behind all of it", async () => {
    const bulk = await server.key({ org: 'fair-bulk' });
    const small = await server.key({ org: 'fair-small' });
    const letter = {
      to: { firstName: 'A', addressLine1: '1 Main St' },
      from: { firstName: 'B', addressLine1: '2 Main St' },
      html: '<p>Hello</p>',
    };
    const bulkIds: string[] = [];
    for (let i = 0; i < 130; i++) {
      const res = await server.request('POST', LETTERS, { key: bulk, json: letter });
      assert.equal(res.status, 201, res.text);
      bulkIds.push(res.body.id);
    }
    const late = await server.request('POST', LETTERS, { key: small, json: letter });
    assert.equal(late.status, 201, late.text);
    const { rows } = await server.runtime.db.pool.query(
      `SELECT data->>'id' AS id, priority FROM ${server.schema}_pgboss.job WHERE name = 'render-order'`,
    );
    const priority = new Map(rows.map((r) => [r.id as string, r.priority as number]));
    assert.equal(priority.get(late.body.id), 0, 'a letter of an organization that sent little goes first');
    assert.ok(priority.get(bulkIds.at(-1)!)! < 0, "the bulk sender's later letters yield");
    // pg-boss takes jobs by priority, then age: the small sender's letter, queued last, comes
    // right after the bulk sender's first share.
    const firstShare = bulkIds.filter((id) => priority.get(id) === 0).length;
    assert.ok(firstShare >= 100 && firstShare < 130, `first share: ${firstShare}`);
    const taken = await server.runtime.boss.fetch<{ id: string }>('render-order', {
      batchSize: firstShare + 1,
    });
    assert.ok(taken.some((job) => job.data.id === late.body.id));
  });
});

describe('renders that fail because of their content are final, not retried', () => {
  let rendering: TestServer;
  before(async () => {
    // A short render timeout, so that content Chromium cannot lay out in time shows in seconds.
    rendering = await startTestServer({ renderTimeoutMs: 1_000 });
  });
  after(() => rendering.close());

  const letter = (html: string, mergeVariables: object = {}) => ({
    to: {
      firstName: 'A',
      addressLine1: '1 Main St',
      city: 'Boston',
      provinceOrState: 'MA',
      postalOrZip: '02114',
    },
    from: {
      firstName: 'B',
      addressLine1: '2 Main St',
      city: 'Boston',
      provinceOrState: 'MA',
      postalOrZip: '02114',
    },
    html,
    mergeVariables,
  });
  const cancelled = async (key: string, id: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await rendering.request('GET', `${LETTERS}/${id}`, { key });
      if (res.body.status === 'cancelled' || res.body.url) return res.body;
      if (Date.now() > deadline)
        throw new Error(
          `${id} not settled in time: ${res.body.status} ${JSON.stringify(res.body.cancellation)}`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const renderJob = async (id: string) =>
    (
      await rendering.runtime.db.pool.query(
        `SELECT retry_count, state FROM ${rendering.schema}_pgboss.job WHERE name = 'render-order' AND data->>'id' = $1`,
        [id],
      )
    ).rows[0];

  test('a merge that expands past the HTML limit cancels at once (invalid_content), no retry', async () => {
    const key = await rendering.key({ org: 'render-bomb' });
    // 1,000 × 1,000 × 1,000 turns: 11 GB of HTML if made whole, from a 90-byte template.
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const html = '<p>{{#each a}}{{#each ../a}}{{#each ../../a}}xxxxxxxxxx {{/each}}{{/each}}{{/each}}</p>';
    const created = await rendering.request('POST', LETTERS, { key, json: letter(html, { a: items }) });
    assert.equal(created.status, 201, created.text);
    const done = await cancelled(key, created.body.id, 20_000);
    assert.equal(done.status, 'cancelled', JSON.stringify(done));
    assert.equal(done.cancellation.reason, 'invalid_content');
    assert.match(done.cancellation.note, /more than 5 MB of HTML/);
    assert.equal((await renderJob(created.body.id)).retry_count, 0);
  });

  test('content that times out twice is cancelled (invalid_content), not retried five times', async () => {
    const key = await rendering.key({ org: 'render-slow' });
    // One unbroken word of 300,000 characters: Chromium needs most of a minute to lay it out.
    const created = await rendering.request('POST', LETTERS, {
      key,
      json: letter(`<p>${'x'.repeat(300_000)}</p>`),
    });
    assert.equal(created.status, 201, created.text);
    const done = await cancelled(key, created.body.id, 45_000);
    assert.equal(done.status, 'cancelled', JSON.stringify(done));
    assert.equal(done.cancellation.reason, 'invalid_content');
    assert.match(done.cancellation.note, /could not be laid out in 1 s, twice/);
    assert.equal((await renderJob(created.body.id)).retry_count, 1);
  });
});

/** A TCP proxy to PostgreSQL that a test can cut (connections dropped, new ones refused) and resume. */
class PgProxy {
  #server?: net.Server;
  readonly #sockets = new Set<net.Socket>();
  private constructor(
    readonly target: URL,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<PgProxy> {
    const probe = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => probe.once('listening', r));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((r) => probe.close(r));
    const proxy = new PgProxy(target, port);
    await proxy.resume();
    return proxy;
  }

  get url(): string {
    const url = new URL(this.target);
    url.host = `127.0.0.1:${this.port}`;
    return url.toString();
  }

  async resume(): Promise<void> {
    if (this.#server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', r));
    this.#server = server;
  }

  cut(): void {
    this.#server?.close();
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.cut();
  }
}
