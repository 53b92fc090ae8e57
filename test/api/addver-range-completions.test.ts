import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestServer } from '../helpers/harness.js';
import { startRangeServer } from '../helpers/range-server.js';

/**
 * Autocomplete from TIGER/Line street ranges over HTTP (test/fixtures/tiger/ranges/: 100-number
 * blocks, left odd and right even, made from the Louisville points), beside the Louisville points
 * of verify-fixture.ts and one Bardstown Road point in 40204. Hikes Ln (40218: only its even side,
 * 3000-3098), Bardstown Rd in 40205 (2000-2099) and 52nd Dr in Queens (68-00 to 68-99) are known
 * only by their ranges.
 */
const ORG = 'range-completions-org';
const MARKER = 'Street range: premise not confirmed';
let server: TestServer;
let key: string;

before(async () => {
  ({ server, key } = await startRangeServer(ORG));
});
after(() => server.close());

/** Previews as "ADDRESS ZIP". */
async function previews(partialStreet: string, params: Record<string, string> = {}): Promise<string[]> {
  const query = new URLSearchParams({ partialStreet, ...params });
  const res = await server.request('GET', `/v1/addver/completions?${query}`, { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data.map(
    (d: { preview: Record<string, string> }) => `${d.preview.address} ${d.preview.pc}`,
  );
}

describe('autocomplete offers the numbers street ranges hold', () => {
  test("a street name alone: the street's smallest numbers its ranges hold, of each side's parity", async () => {
    // Hikes Ln has only its even side: no odd number is offered.
    assert.deepEqual(await previews('hikes', { limit: '4' }), [
      '3000 HIKES LN 40218',
      '3002 HIKES LN 40218',
      '3004 HIKES LN 40218',
      '3006 HIKES LN 40218',
    ]);
    assert.deepEqual(await previews('poplar level rd', { limit: '3' }), [
      '4500 POPLAR LEVEL RD 40218',
      '4501 POPLAR LEVEL RD 40218',
      '4502 POPLAR LEVEL RD 40218',
    ]);
  });

  test('a number still being typed: the smallest numbers starting with it that a range holds', async () => {
    assert.deepEqual(await previews('305', { pcFilter: '40218', limit: '3' }), [
      '3050 HIKES LN 40218',
      '3052 HIKES LN 40218',
      '3054 HIKES LN 40218',
    ]);
    // Poplar Level Road's odd side ends at 4549: 455 starts only even numbers there.
    assert.deepEqual(await previews('455', { pcFilter: '40218', limit: '3' }), [
      '4550 POPLAR LEVEL RD 40218',
      '4552 POPLAR LEVEL RD 40218',
      '4554 POPLAR LEVEL RD 40218',
    ]);
    // No range holds a number starting with 99 there.
    assert.deepEqual(await previews('99', { pcFilter: '40218' }), []);
  });

  test('without a filter, a number alone finds the range streets too', async () => {
    const found = await previews('1040');
    assert.ok(found.includes('10400 TAYLORSVILLE RD 40299'), found.join('; '));
    // Taylorsville Road's left side holds both parities there.
    assert.ok(found.includes('10401 TAYLORSVILLE RD 40299'), found.join('; '));
  });

  test('a hyphenated (Queens) number once typed to its hyphen and after', async () => {
    assert.deepEqual(await previews('68-1', { pcFilter: '11378', limit: '3' }), [
      '68-10 52ND DR 11378',
      '68-11 52ND DR 11378',
      '68-12 52ND DR 11378',
    ]);
    assert.deepEqual(await previews('68-0', { pcFilter: '11378', limit: '2' }), [
      '68-00 52ND DR 11378',
      '68-01 52ND DR 11378',
    ]);
  });

  test('a complete number on a street typed in part: read where the points leave room, not only after a miss', async () => {
    assert.deepEqual(await previews('2011 bards', { verifiedOnly: 'true' }), ['2011 BARDSTOWN RD 40205']);
  });

  test('points win: where a street has points in a ZIP its ranges there offer nothing, and points rank first', async () => {
    // Bardstown Road has the point 1310 in 40204 (its 1300 block's ranges are not read) and
    // ranges only in 40205.
    assert.deepEqual(await previews('bardstown rd', { limit: '4' }), [
      '1310 BARDSTOWN RD 40204',
      '2000 BARDSTOWN RD 40205',
      '2001 BARDSTOWN RD 40205',
      '2002 BARDSTOWN RD 40205',
    ]);
    assert.deepEqual(await previews('130', { pcFilter: '40204' }), []);
    // Newburg Road has points: its 1900 block's range offers no number the points lack.
    assert.deepEqual(await previews('newburg', { limit: '5' }), [
      '1920 NEWBURG RD 40205',
      '1924 NEWBURG RD 40205',
      '1930 NEWBURG RD 40205',
    ]);
  });

  test('a typo in a street known only by ranges: the fallback offers its numbers', async () => {
    assert.deepEqual(await previews('hiks ln', { limit: '2' }), [
      '3000 HIKES LN 40218',
      '3002 HIKES LN 40218',
    ]);
  });
});

describe('street ranges complete under their alternate names (ADDRFN) too', () => {
  // The fixture's ADDRFN gives Bardstown Road's ranges the alternate name US Hwy 31E ("US HIGHWAY"
  // and 31E as standardized) and Taylorsville Road's State Hwy 155.
  test('a number on an alternate name in a ZIP of ranges only: that number, named as typed', async () => {
    assert.deepEqual(await previews('2011 31e'), ['2011 US HIGHWAY 31E 40205']);
    assert.deepEqual(await previews('2111 sr 155'), ['2111 STATE HIGHWAY 155 40205']);
  });

  test("either side's number, of its parity, where a range of the street holds it; else none", async () => {
    assert.deepEqual(await previews('2012 31e'), ['2012 US HIGHWAY 31E 40205']);
    // Bardstown Road's ranges in 40205 are its 2000 block's only.
    assert.deepEqual(await previews('2150 31e'), []);
  });

  test('the filters hold under an alternate name', async () => {
    assert.deepEqual(await previews('2011 31e', { pcFilter: '40205' }), ['2011 US HIGHWAY 31E 40205']);
    assert.deepEqual(await previews('2011 31e', { cityFilter: 'Louisville', stateFilter: 'KY' }), [
      '2011 US HIGHWAY 31E 40205',
    ]);
    assert.deepEqual(await previews('2011 31e', { pcFilter: '40218' }), []);
    assert.deepEqual(await previews('2011 31e', { stateFilter: 'NY' }), []);
  });

  test("points win: where the primary name has points in the ZIP, the alternate name's ranges offer nothing", async () => {
    // 1321 lies in Bardstown Road's 40204 range, but the point 1310 decides there; 2011 in 40205
    // has no point of the street.
    assert.deepEqual(await previews('1321 31e'), []);
    assert.deepEqual(await previews('2011 31e'), ['2011 US HIGHWAY 31E 40205']);
  });

  test("the name alone: the street's smallest numbers, lowest block first, as under the primary name", async () => {
    assert.deepEqual(await previews('sr 155', { limit: '3' }), [
      '2100 STATE HIGHWAY 155 40205',
      '2101 STATE HIGHWAY 155 40205',
      '2102 STATE HIGHWAY 155 40205',
    ]);
  });

  test('resolved with verify=true: verified from the range under the typed name, with the marker', async () => {
    const verified = await server.request(
      'POST',
      '/v1/addver/completions?index=0&verify=true&includeDetails=true',
      { key, json: { partialStreet: '2011 31e' } },
    );
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.data.status, 'verified', JSON.stringify(verified.body.data));
    assert.equal(verified.body.data.line1, '2011 US HIGHWAY 31E');
    assert.equal(verified.body.data.details.extraInfo, MARKER);
  });
});

describe('a range completion resolved says what verification says of it', () => {
  test('errors {}, geocoded range_interpolation where verification places it; verified with the marker', async () => {
    const resolved = await server.request('POST', '/v1/addver/completions?index=0&geocode=true', {
      key,
      json: { partialStreet: '305', pcFilter: '40218' },
    });
    assert.equal(resolved.status, 200, resolved.text);
    const item = resolved.body.data;
    assert.equal(item.address.address, '3050 HIKES LN');
    assert.deepEqual(item.errors, {});
    assert.equal(item.geocodeResult.accuracyType, 'range_interpolation');
    assert.equal(item.geocodeResult.accuracy, 0.8);
    const verification = await server.request('POST', '/v1/addver/verifications?geocode=true', {
      key,
      json: { address: '3050 Hikes Ln, Louisville KY 40218' },
    });
    assert.deepEqual(item.geocodeResult, verification.body.data.geocodeResult);
    const verified = await server.request(
      'POST',
      '/v1/addver/completions?index=0&verify=true&includeDetails=true',
      { key, json: { partialStreet: 'hikes' } },
    );
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.data.status, 'verified');
    assert.equal(verified.body.data.line1, '3000 HIKES LN');
    assert.equal(verified.body.data.details.extraInfo, MARKER);
  });

  test('verifiedOnly keeps them (verification answers verified); a list of items carries no rooftop', async () => {
    assert.deepEqual(await previews('hikes', { verifiedOnly: 'true', limit: '1' }), ['3000 HIKES LN 40218']);
    const items = await server.request('POST', '/v1/addver/completions', {
      key,
      json: { partialStreet: 'hikes', limit: 2 },
    });
    assert.equal(items.status, 200, items.text);
    assert.deepEqual(
      items.body.data.map((d: Record<string, any>) => [d.address.address, d.errors, d.geocodeResult]),
      [
        ['3000 HIKES LN', {}, undefined],
        ['3002 HIKES LN', {}, undefined],
      ],
    );
  });
});
