import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const require = createRequire(import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * The sections as the two API documents (address-verification.md, print-mail.md) order them: address verification
 * (US and Canada, international; Postroom's bulk lists after them), then print & mail with
 * contacts and letters first, bank accounts (section 4.2), section 4.4's resources in its
 * order, and Postroom's own last. Written out here, not read from the source.
 */
const TAG_ORDER = [
  'Address verification',
  'International address verification',
  'Bulk address verification',
  'Contacts',
  'Letters',
  'Bank accounts',
  'Templates',
  'Trackers',
  'Webhooks',
  'Events',
  'Boxes',
  'Postcards',
  'Cheques',
  'Self mailers',
  'Return envelopes',
  'Snap packs',
  'Campaigns',
  'Mailing lists',
  'Mailing list imports',
  'Virtual mailboxes',
  'Sub-organizations',
  'Reports',
  'Targeted list builds',
  'Template editor sessions',
  'Order profiles',
  'Operator',
];

let server: TestServer;
let doc: Record<string, any>;
before(async () => {
  server = await startTestServer({}, { workers: false });
  doc = (await server.request('GET', '/openapi.json')).body;
});
after(() => server.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );

test("the page is Postroom's: its title, our logo and not Fastify's, /openapi.json named and loaded", async () => {
  const page = await fetch(`${server.url}/docs/`);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<title>Postroom API reference<\/title>/);
  assert.doesNotMatch(html, /<title>Swagger UI<\/title>/);

  const initializer = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
  const logo = /img\.src = 'data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)'/.exec(initializer);
  assert.ok(logo, 'the top bar shows an SVG logo');
  const svg = Buffer.from(logo[1], 'base64').toString('utf8');
  assert.match(svg, /<title>Postroom<\/title>/);
  assert.match(svg, />Postroom<\/text>/);
  const fastifyLogo = readFileSync(require.resolve('@fastify/swagger-ui/static/logo.svg'));
  assert.ok(!initializer.includes(fastifyLogo.toString('base64')), "not Fastify's logo");
  assert.doesNotMatch(svg, /fastify/i);

  const config = JSON.parse(/const config = (\{.*\})\n/.exec(initializer)![1]);
  // Swagger UI loads `urls` rather than the plugin's `./json` when both are set, and names it in the top bar.
  assert.deepEqual(
    config.urls.map((u: { url: string }) => u.url),
    ['/openapi.json'],
  );
  assert.match(config.urls[0].name, /Postroom API .*\/openapi\.json/);
  const served = await server.request('GET', '/openapi.json');
  assert.equal(served.status, 200);
  assert.equal(served.headers.get('content-type')?.split(';')[0], 'application/json');
});

test("the document's title and description are Postroom's and link /openapi.json", () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.title, 'Postroom API');
  assert.match(doc.info.description, /self-hostable/);
  assert.match(doc.info.description, /address verification/);
  assert.match(doc.info.description, /print & mail/);
  assert.match(doc.info.description, /X-API-Key/);
  assert.match(doc.info.description, /\[\/openapi\.json\]\(\/openapi\.json\)/);
  assert.doesNotMatch(JSON.stringify(doc.info), /fastify|swagger/i);
});

test('sections follow the API documents: address verification, then print & mail, contacts and letters first', () => {
  assert.deepEqual(
    doc.tags.map((t: { name: string }) => t.name),
    TAG_ORDER,
  );
  for (const tag of doc.tags) assert.ok(tag.description, `${tag.name} has a description`);
  const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
  assert.deepEqual(
    [...used].filter((t) => !TAG_ORDER.includes(t)),
    [],
    'every operation is in a listed section',
  );
  assert.deepEqual(
    TAG_ORDER.filter((t) => !used.has(t)),
    [],
    'no empty section',
  );
  for (const { method, path, op } of operations())
    assert.ok(op.tags?.length, `${method} ${path} has a section`);
  // The paths, too, are in section order, so the JSON reads as the page does.
  const ranks = operations().map(({ op }) => TAG_ORDER.indexOf(op.tags[0]));
  assert.deepEqual(
    ranks,
    [...ranks].sort((a, b) => a - b),
  );
  assert.equal(Object.keys(doc.paths)[0].startsWith('/v1/addver'), true);
});

test('every operation has an example request: its body and parameters valid against their schemas, as curl', () => {
  const ajv = addFormats.default(new Ajv.default({ strict: false, allErrors: true }));
  const list = operations();
  assert.ok(list.length > 150, `${list.length} operations`);
  for (const { method, path, op } of list) {
    const name = `${method.toUpperCase()} ${path}`;
    const [sample] = op['x-codeSamples'] ?? [];
    assert.equal(sample?.lang, 'Shell', name);
    const urlPath = path.replace(/\{[^}]+\}/g, "[^/?' ]+");
    assert.match(
      sample.source,
      new RegExp(`^curl -X ${method.toUpperCase()} 'http://localhost:8080${urlPath}`),
      name,
    );
    assert.ok(op.description.includes(sample.source), `${name} shows its example`);
    for (const param of op.parameters ?? []) {
      assert.notEqual(param.example, undefined, `${name} ${param.name}`);
      assert.ok(
        ajv.validate(param.schema ?? {}, param.example),
        `${name} ${param.name}: ${ajv.errorsText()}`,
      );
    }
    for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
      assert.notEqual(media.example, undefined, `${name} ${type}`);
      assert.ok(ajv.validate(media.schema, media.example), `${name} ${type}: ${ajv.errorsText()}`);
    }
    if (op.requestBody?.content?.['application/json']) assert.match(sample.source, / -d '\{/, name);
  }
});

test('the written examples work as they stand with a test key', async () => {
  const keys = {
    pm: await server.key({ org: 'docs' }),
    av: await server.key({ org: 'docs', product: 'addver' }),
  };
  const examples = [
    ['POST', '/print-mail/v1/contacts', keys.pm, 201],
    ['POST', '/print-mail/v1/letters', keys.pm, 201],
    ['POST', '/print-mail/v1/postcards', keys.pm, 201],
    ['POST', '/print-mail/v1/self_mailers', keys.pm, 201],
    ['POST', '/print-mail/v1/templates', keys.pm, 201],
    ['POST', '/print-mail/v1/bank_accounts', keys.pm, 201],
    ['POST', '/v1/addver/verifications', keys.av, 200],
    ['POST', '/v1/addver/parses', keys.av, 200],
  ] as const;
  for (const [method, path, key, status] of examples) {
    const json = doc.paths[path][method.toLowerCase()].requestBody.content['application/json'].example;
    const res = await server.request(method, path, { key, json });
    assert.equal(res.status, status, `${method} ${path}: ${res.text}`);
  }
});
