import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const PATH = '/print-mail/v1/templates';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'templates-org' });
});
after(() => server.close());

resourceContract(() => server, {
  object: 'template',
  path: PATH,
  idPrefix: 'template',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const res = await s.request('POST', PATH, {
      key: k,
      json: { html: '<p>Hi {{to.firstName}}</p>', description: 'c' },
    });
    assert.equal(res.status, 201);
    return res.body;
  },
});

describe('templates', () => {
  test('create returns every field; update sets fields and null removes them', async () => {
    const made = await server.request('POST', PATH, {
      key,
      json: { html: '<b>{{name}}</b>', description: 'Welcome', metadata: { team: 'ops' } },
    });
    assert.equal(made.status, 201);
    assert.equal(made.body.object, 'template');
    assert.equal(made.body.html, '<b>{{name}}</b>');
    assert.deepEqual(made.body.metadata, { team: 'ops' });
    server.clock.advance(1000);
    const updated = await server.request('POST', `${PATH}/${made.body.id}`, {
      key,
      json: { html: '<i>{{name}}</i>', description: null },
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.html, '<i>{{name}}</i>');
    assert.equal(updated.body.description, undefined);
    assert.deepEqual(updated.body.metadata, { team: 'ops' });
    assert.ok(updated.body.updatedAt > made.body.updatedAt);
    const got = await server.request('GET', `${PATH}/${made.body.id}`, { key });
    assert.deepEqual(got.body, updated.body);
    const cleared = await server.request('POST', `${PATH}/${made.body.id}`, {
      key,
      json: { metadata: null },
    });
    assert.equal(cleared.body.metadata, undefined);
    const missing = await server.request('POST', `${PATH}/template_1111111111111111111111`, {
      key,
      json: {},
    });
    assert.equal(missing.status, 404);
  });

  test('HTML Handlebars cannot parse is a 400 naming html, on create and update', async () => {
    const bad = await server.request('POST', PATH, { key, json: { html: '<p>{{#if x}}never closed</p>' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.type, 'validation_error');
    assert.match(bad.body.error.message, /^html /);
    const made = await server.request('POST', PATH, { key, json: { html: '<p>ok</p>' } });
    const badUpdate = await server.request('POST', `${PATH}/${made.body.id}`, {
      key,
      json: { html: '{{> partial}}' },
    });
    assert.equal(badUpdate.status, 400);
    assert.match(badUpdate.body.error.message, /html/);
    const unchanged = await server.request('GET', `${PATH}/${made.body.id}`, { key });
    assert.equal(unchanged.body.html, '<p>ok</p>');
  });

  test('html size limit', async () => {
    const huge = await server.request('POST', PATH, { key, json: { html: 'x'.repeat(2 * 1024 * 1024 + 1) } });
    assert.equal(huge.status, 400);
    assert.match(huge.body.error.message, /html.*limit/);
  });

  test('search by description, free text and structured', async () => {
    const k = await server.key({ org: 'templates-search' });
    await server.request('POST', PATH, { key: k, json: { html: '<p>a</p>', description: 'Spring Renewal' } });
    await server.request('POST', PATH, {
      key: k,
      json: { html: '<p>b</p>', description: 'Winter', metadata: { c: 'x' } },
    });
    const text = await server.request('GET', `${PATH}?search=renewal`, { key: k });
    assert.equal(text.body.totalCount, 1);
    assert.equal(text.body.data[0].description, 'Spring Renewal');
    const q = encodeURIComponent(JSON.stringify({ 'metadata.c': 'x' }));
    const fields = await server.request('GET', `${PATH}?search=${q}`, { key: k });
    assert.equal(fields.body.totalCount, 1);
    assert.equal(fields.body.data[0].description, 'Winter');
  });
});
