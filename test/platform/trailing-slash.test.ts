import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { withoutTrailingSlash } from '../../src/platform/route-helpers.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

describe('withoutTrailingSlash', () => {
  test('print & mail paths lose a trailing slash, the query kept; other paths are left alone', () => {
    assert.equal(withoutTrailingSlash('/print-mail/v1/reports/'), '/print-mail/v1/reports');
    assert.equal(
      withoutTrailingSlash('/print-mail/v1/reports/?limit=5&skip=1'),
      '/print-mail/v1/reports?limit=5&skip=1',
    );
    assert.equal(
      withoutTrailingSlash('/print-mail/v1/letters/letter_abc/'),
      '/print-mail/v1/letters/letter_abc',
    );
    assert.equal(
      withoutTrailingSlash('/print-mail/v1/contacts?search=a/'),
      '/print-mail/v1/contacts?search=a/',
    );
    for (const kept of [
      '/print-mail/v1/',
      '/v1/addver/',
      '/v1/intl_addver/',
      '/dashboard/',
      '/print-mail/v1/contacts',
    ])
      assert.equal(withoutTrailingSlash(kept), kept);
  });
});

describe('a trailing slash over HTTP (as some SDK versions send collection paths)', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer({}, { workers: false });
    key = await server.key({ org: 'slash-org' });
  });
  after(() => server.close());

  test('lists and creates answer as without it', async () => {
    const created = await server.request('POST', '/print-mail/v1/reports/', {
      key,
      json: { sqlQuery: 'SELECT id FROM contacts' },
    });
    assert.equal(created.status, 201, created.text);
    for (const path of [
      '/print-mail/v1/reports/',
      '/print-mail/v1/reports/?limit=1',
      '/print-mail/v1/contacts/',
    ]) {
      const res = await server.request('GET', path, { key });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
      assert.equal(res.body.object, 'list');
    }
    const listed = await server.request('GET', '/print-mail/v1/reports/?limit=1', { key });
    assert.equal(listed.body.data[0].id, created.body.id);
    const one = await server.request('GET', `/print-mail/v1/reports/${created.body.id}/`, { key });
    assert.equal(one.status, 200);
    assert.equal(one.body.id, created.body.id);
  });
});
