import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// GET /v1/intl_addver/completions' options that shape the answer: standardFallback (the
// standard US/Canadian autocomplete after the international previews) and language (the
// country named in that language). docs/international.md says what the others do.
const fixture = (name: string) => path.resolve(import.meta.dirname, `../fixtures/${name}`);

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'intl-completion-options', product: 'addver' });
  await importPoints(server.runtime.db.pool, fixture('completion-points.csv'));
  await importPoints(server.runtime.db.pool, fixture('intl-points-gb.csv'), { country: 'gb' });
});
after(() => server.close());

interface Preview {
  id: string;
  type: string;
  text: string;
  description: string;
}

async function previews(query: Record<string, string>): Promise<Preview[]> {
  const res = await server.request('GET', `/v1/intl_addver/completions?${new URLSearchParams(query)}`, {
    key,
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

const resolve = (id: string, query = '') =>
  server.request('POST', `/v1/intl_addver/completions${query}`, { key, json: { id } });

describe('standardFallback', () => {
  test('a US street typed in full is found by the standard engine only when asked', async () => {
    const typed = { partialStreet: '2221 Wadsworth Avenue', countriesFilter: 'US' };
    assert.deepEqual(await previews(typed), []);
    const found = await previews({ ...typed, standardFallback: 'true' });
    assert.deepEqual(
      found.map((p) => [p.type, p.text, p.description]),
      [['Address', '2221 WADSWORTH AVE', 'LOUISVILLE, 40205, US']],
    );
  });

  test('its preview resolves, and verifies through the standard verifier', async () => {
    const [preview] = await previews({ partialStreet: '2221 Wadsworth Avenue', standardFallback: 'true' });
    const plain = await resolve(preview.id);
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.data.line1, '2221 WADSWORTH AVE');
    assert.equal(plain.body.data.city, 'LOUISVILLE');
    assert.equal(plain.body.data.postalOrZip, '40205');
    assert.equal(plain.body.data.countryCode, 'US');
    const verified = await resolve(preview.id, '?verify=true');
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.data.status, 'verified');
    assert.equal(verified.body.data.line1, '2221 WADSWORTH AVE');
  });

  test('a typo finds the street; what the international read found is not offered twice', async () => {
    const typo = await previews({
      partialStreet: '1920 newbrug rd',
      countriesFilter: 'US',
      standardFallback: 'true',
    });
    assert.ok(
      typo.some((p) => p.text === '1920 NEWBURG RD'),
      JSON.stringify(typo),
    );
    const typed = { partialStreet: '1920 NEWBURG', countriesFilter: 'US', limit: '5' };
    const plain = await previews(typed);
    const withFallback = await previews({ ...typed, standardFallback: 'true' });
    assert.deepEqual(withFallback.slice(0, plain.length), plain);
    const keys = withFallback.map((p) => `${p.text}|${p.description}`);
    assert.equal(new Set(keys).size, keys.length, keys.join('; '));
    assert.ok(withFallback.length <= 5);
  });

  test('only for the US and Canada: a filter of other countries asks nothing of it', async () => {
    assert.deepEqual(
      await previews({
        partialStreet: '2221 Wadsworth Avenue',
        countriesFilter: 'GB',
        standardFallback: 'true',
      }),
      [],
    );
  });

  test('an id that is no preview of it is a 400 naming the id', async () => {
    const forged = `s_${Buffer.from(JSON.stringify(['FR', '75001', '', 'PARIS', '1', { name: 'X' }, '', ''])).toString('base64url')}`;
    for (const id of [forged, 's_not-json']) {
      const res = await resolve(id);
      assert.equal(res.status, 400, res.text);
      assert.match(res.text, /id is not the id of an Address preview/);
    }
  });
});

describe('language', () => {
  test('names the country in the description in that language, else as without it', async () => {
    const typed = { partialStreet: '10 Downing', countriesFilter: 'GB' };
    const [plain] = await previews(typed);
    assert.match(plain.description, /, GB$/);
    const [german] = await previews({ ...typed, language: 'de' });
    assert.match(german.description, /, Vereinigtes Königreich$/);
    const [french] = await previews({ ...typed, language: 'fr-CA' });
    assert.match(french.description, /, Royaume-Uni$/);
    const [unknown] = await previews({ ...typed, language: 'tlh' });
    assert.equal(unknown.description, plain.description);
    assert.equal(german.id, plain.id);
  });
});
