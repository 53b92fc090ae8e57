import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { importBoundaries } from '../../src/reference-store/boundaries/import-boundaries.js';
import type { TestServer } from '../helpers/harness.js';
import { startRangeServer } from '../helpers/range-server.js';
import { tigerZip } from '../helpers/tiger-fixtures.js';

/**
 * Verification from TIGER/Line street ranges over HTTP (test/fixtures/tiger/ranges/: segments
 * made from the Louisville points, 100-number blocks, left odd and right even), beside the
 * Louisville points of verify-fixture.ts: Newburg Rd, Wadsworth Ave, S 2nd St, E Liberty St and
 * W Main St have points in their ZIPs; Bardstown Rd, Douglass Blvd, Hikes Ln and Taylorsville Rd
 * have only ranges.
 */
const ORG = 'ranges-org';
let server: TestServer;
let key: string;

before(async () => {
  ({ server, key } = await startRangeServer(ORG));
});
after(() => server.close());

async function verify(
  address: string,
  query = '?includeDetails=true&geocode=true',
): Promise<Record<string, any>> {
  const res = await server.request('POST', `/v1/addver/verifications${query}`, { key, json: { address } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const RANGE_MARKER = 'Street range: premise not confirmed';

describe('verification from street ranges', () => {
  test('a number inside a range of a street without points: verified at street level, interpolated', async () => {
    const v = await verify('2011 Bardstown Rd, Louisville KY 40205');
    assert.equal(v.status, 'verified', JSON.stringify(v.errors));
    assert.equal(v.line1, '2011 BARDSTOWN RD');
    assert.deepEqual(v.errors, {});
    assert.equal(v.details.extraInfo, RANGE_MARKER);
    assert.equal(v.details.usMailingsDpvConfirmationIndicator, undefined);
    assert.equal(v.zipPlus4, undefined);
    assert.equal(v.geocodeResult.accuracyType, 'range_interpolation');
    assert.equal(v.geocodeResult.accuracy, 0.8);
  });

  test('the geocode moves along the segment with the number, on its own side', async () => {
    const low = (await verify('2001 Bardstown Rd, Louisville KY 40205')).geocodeResult.location;
    const high = (await verify('2099 Bardstown Rd, Louisville KY 40205')).geocodeResult.location;
    const mid = (await verify('2051 Bardstown Rd, Louisville KY 40205')).geocodeResult.location;
    const even = (await verify('2050 Bardstown Rd, Louisville KY 40205')).geocodeResult.location;
    // Halfway along in number is about halfway along the line.
    assert.ok(Math.abs(mid.lat - (low.lat + high.lat) / 2) < 2e-4, JSON.stringify({ low, mid, high }));
    assert.ok(Math.abs(mid.lng - (low.lng + high.lng) / 2) < 2e-4, JSON.stringify({ low, mid, high }));
    // 2050 and 2051 face each other across the street: about 20 m apart (10 m each side).
    const metres = Math.hypot(
      (even.lat - mid.lat) * 111_320,
      (even.lng - mid.lng) * 111_320 * Math.cos((mid.lat * Math.PI) / 180),
    );
    assert.ok(metres > 15 && metres < 25, `${metres} m between the two sides`);
  });

  test('the same standardization and typo rules as points: corrected with the same errors', async () => {
    const typed = await verify('2011 Bardstwon Road, Louisville KY 40205');
    assert.equal(typed.status, 'corrected');
    assert.equal(typed.line1, '2011 BARDSTOWN RD');
    assert.deepEqual(typed.errors.line1?.sort(), ['Typo in Value: Street name', 'Verbosity: Street type']);
    // Neither city nor ZIP: the state's ZIPs with a range of the street are searched.
    const stateOnly = await verify('2011 Bardstown Rd, KY');
    assert.equal(stateOnly.status, 'corrected', JSON.stringify(stateOnly.errors));
    assert.equal(stateOnly.postalOrZip, '40205');
    const noZip = await verify('2011 Bardstown Rd, Louisville KY');
    assert.equal(noZip.status, 'corrected');
    assert.equal(noZip.postalOrZip, '40205');
    assert.deepEqual(noZip.errors, { postalOrZip: ['Missing Value: Zip Code'] });
  });

  test('a number outside every range of the street: failed, Incorrect Value: Civic number', async () => {
    const v = await verify('2150 Bardstown Rd, Louisville KY 40205');
    assert.equal(v.status, 'failed');
    assert.deepEqual(v.errors, { line1: ['Incorrect Value: Civic number'] });
    assert.equal(v.details.extraInfo, undefined);
    // Placed at the street's middle (its ranges' segments), not the ZIP's centre.
    assert.equal(v.geocodeResult.accuracyType, 'street_center');
  });

  test('wrong parity: an odd number where only the even side has a range fails', async () => {
    assert.equal((await verify('3002 Hikes Ln, Louisville KY 40218')).status, 'verified');
    const odd = await verify('3001 Hikes Ln, Louisville KY 40218');
    assert.equal(odd.status, 'failed');
    assert.deepEqual(odd.errors, { line1: ['Incorrect Value: Civic number'] });
    // Both parities on Taylorsville Road's left side: an even number there is held too.
    assert.equal((await verify('10402 Taylorsville Rd, Louisville KY 40299')).status, 'verified');
  });

  test("the side's ZIP: Douglass Blvd's even side is 40204's, its odd side 40205's", async () => {
    assert.equal((await verify('1801 Douglass Blvd, Louisville KY 40205')).status, 'verified');
    assert.equal((await verify('1802 Douglass Blvd, Louisville KY 40204')).status, 'verified');
    const wrong = await verify('1802 Douglass Blvd, Louisville KY 40205');
    assert.equal(wrong.status, 'corrected');
    assert.equal(wrong.postalOrZip, '40204');
    assert.deepEqual(wrong.errors, { postalOrZip: ['Incorrect Value: Zip Code'] });
  });

  test('alternate names from ADDRFN: the range answers under the name the input gives', async () => {
    const v = await verify('2011 US Hwy 31E, Louisville KY 40205');
    assert.equal(v.status, 'verified', JSON.stringify(v));
    assert.equal(v.details.extraInfo, RANGE_MARKER);
    const state = await verify('2111 State Hwy 155, Louisville KY 40205');
    assert.equal(state.status, 'verified', JSON.stringify(state));
  });

  test('a hyphenated (Queens) number is held by its hyphenated range, prefix and parity alike', async () => {
    const v = await verify('68-15 52nd Dr, Maspeth NY 11378');
    assert.equal(v.status, 'verified', JSON.stringify(v));
    assert.equal(v.line1, '68-15 52ND DR');
    assert.equal(v.geocodeResult.accuracyType, 'range_interpolation');
    assert.equal((await verify('68-16 52nd Dr, Maspeth NY 11378')).status, 'verified');
    const other = await verify('69-15 52nd Dr, Maspeth NY 11378');
    assert.deepEqual(other.errors, { line1: ['Incorrect Value: Civic number'] });
  });

  test('a unit on a range match is kept as written: ranges know no buildings', async () => {
    const v = await verify('2011 Bardstown Rd Apt 2, Louisville KY 40205');
    assert.equal(v.status, 'verified');
    assert.equal(v.line1, '2011 BARDSTOWN RD APT 2');
  });
});

describe('points over ranges, ranges over ZIP level', () => {
  test('a batch reads the ranges of its ZIPs ahead with their points', async () => {
    const res = await server.request('POST', '/v1/addver/verifications/batch?includeDetails=true', {
      key,
      json: { addresses: ['2011 Bardstown Rd, Louisville KY 40205', '1920 Newburg Rd, Louisville KY 40205'] },
    });
    assert.equal(res.status, 200, res.text);
    const answers = res.body.data.results.map((r: any) => [
      r.verifiedAddress.status,
      r.verifiedAddress.details.extraInfo,
    ]);
    assert.deepEqual(answers, [
      ['verified', RANGE_MARKER],
      ['verified', undefined],
    ]);
  });

  test('a street with points is answered from its points, not its ranges', async () => {
    const point = await verify('1920 Newburg Rd, Louisville KY 40205');
    assert.equal(point.status, 'verified');
    assert.equal(point.geocodeResult.accuracyType, 'rooftop');
    assert.equal(point.details.extraInfo, undefined);
    // 1950 lies in Newburg Road's 1900 block range, but the street's points do not have it.
    const v = await verify('1950 Newburg Rd, Louisville KY 40205');
    assert.equal(v.status, 'failed');
    assert.deepEqual(v.errors, { line1: ['Incorrect Value: Civic number'] });
  });

  test("an alternate name's ranges do not answer where the primary name has points", async () => {
    // 1321 lies in Bardstown Road's 40204 range, but Bardstown Road has points in 40204.
    for (const address of [
      '1321 Bardstown Rd, Louisville KY 40204',
      '1321 US Hwy 31E, Louisville KY 40204',
    ]) {
      const v = await verify(address);
      assert.equal(v.status, 'failed', address);
      assert.deepEqual(v.errors, { line1: ['Incorrect Value: Civic number'] }, address);
    }
  });

  test('a ZIP with ranges only is covered: no ZIP-level answer there', async () => {
    const v = await verify('3002 Hikes Ln, Louisville KY 40218');
    assert.equal(v.errors.generic, undefined);
    const elsewhere = await verify('12 Nowhere St, Frankfort KY 40601');
    assert.match(elsewhere.errors.generic?.[0] ?? '', /Reference address data/);
  });
});

describe('suggestions and autocomplete from ranges', () => {
  test('suggestions for a number outside the ranges: the nearest numbers the ranges hold', async () => {
    const res = await server.request('POST', '/v1/addver/suggestions?includeDetails=true', {
      key,
      json: { address: '2150 Bardstown Rd, Louisville KY 40205' },
    });
    assert.equal(res.status, 200, res.text);
    const found = res.body.data.map((d: Record<string, any>) => [d.line1, d.status, d.details.extraInfo]);
    assert.deepEqual(found.slice(0, 2), [
      ['2099 BARDSTOWN RD', 'verified', RANGE_MARKER],
      ['2098 BARDSTOWN RD', 'verified', RANGE_MARKER],
    ]);
  });

  test('a completed number on a street known only by ranges is offered, and verifies', async () => {
    const res = await server.request(
      'GET',
      `/v1/addver/completions?${new URLSearchParams({ partialStreet: '2011 bardstown', verifiedOnly: 'true' })}`,
      { key },
    );
    assert.equal(res.status, 200, res.text);
    const previews = res.body.data.map(
      (d: { preview: Record<string, string> }) => `${d.preview.address} ${d.preview.pc}`,
    );
    // verifiedOnly: not 40204's street-level offer (Bardstown Road has a point there, not 2011).
    assert.deepEqual(previews, ['2011 BARDSTOWN RD 40205']);
    const resolved = await server.request('POST', '/v1/addver/completions?index=0&verify=true&geocode=true', {
      key,
      json: { partialStreet: '2011 bardstown' },
    });
    assert.equal(resolved.status, 200, resolved.text);
    assert.equal(resolved.body.data.status, 'verified');
    assert.equal(resolved.body.data.geocodeResult.accuracyType, 'range_interpolation');
    // A number no range holds makes no address there (only the street is offered, unconfirmed).
    const outside = await server.request(
      'GET',
      `/v1/addver/completions?${new URLSearchParams({ partialStreet: '2150 bardstown', verifiedOnly: 'true' })}`,
      { key },
    );
    assert.deepEqual(outside.body.data, []);
  });

  test("a street's ranges do not answer where its points do", async () => {
    const res = await server.request(
      'GET',
      `/v1/addver/completions?${new URLSearchParams({ partialStreet: '1950 newburg', verifiedOnly: 'true' })}`,
      { key },
    );
    assert.deepEqual(res.body.data, []);
  });
});

describe("a range side's ZIP+4 and offset flag", () => {
  test('PLUS4 answers zipPlus4 and what follows from it, as a NAD point does; the marker stays', async () => {
    const v = await verify('3002 Hikes Ln, Louisville KY 40218');
    assert.equal(v.zipPlus4, '2915');
    assert.equal(v.postalOrZip, '40218');
    assert.equal(v.details.extraInfo, RANGE_MARKER);
    // 4+0+2+1+8 + 2+9+1+5 + 0+2 = 34: check digit 6.
    assert.deepEqual(
      [v.details.usMailingsDeliveryPoint, v.details.usMailingCheckDigit, v.details.usPostnetBarcode],
      ['02', '6', 'f402182915026f'],
    );
    assert.equal(v.details.residential, undefined);
    // The side's: Douglass Blvd's odd side has 1817, its even side none.
    assert.equal((await verify('1801 Douglass Blvd, Louisville KY 40205')).zipPlus4, '1817');
    const even = await verify('1802 Douglass Blvd, Louisville KY 40204');
    assert.equal(even.zipPlus4, undefined);
    assert.equal(even.details.usMailingsDeliveryPoint, undefined);
    const suggested = await server.request('POST', '/v1/addver/suggestions', {
      key,
      json: { address: '3001 Hikes Ln, Louisville KY 40218' },
    });
    assert.deepEqual(suggested.body.data[0].zipPlus4, '2915', suggested.text);
  });

  test('an offset side (OFFSETL Y) is interpolated as any other: 10 m to its side', async () => {
    const odd = (await verify('1851 Douglass Blvd, Louisville KY 40205')).geocodeResult;
    const even = (await verify('1850 Douglass Blvd, Louisville KY 40204')).geocodeResult;
    assert.equal(odd.accuracyType, 'range_interpolation');
    const metres = Math.hypot(
      (even.location.lat - odd.location.lat) * 111_320,
      (even.location.lng - odd.location.lng) * 111_320 * Math.cos((odd.location.lat * Math.PI) / 180),
    );
    assert.ok(metres > 15 && metres < 25, `${metres} m between the two sides`);
  });
});

describe('census layers place the interpolated point', () => {
  test('the county layer answers a range match by where its interpolated point lies', async () => {
    await importBoundaries(server.runtime.db.pool, [tigerZip('county')]);
    // Servers re-read which layers exist every 5 s.
    let d: Record<string, any> = {};
    for (let i = 0; i < 80 && !d.usCensusFIPS; i++) {
      d = (await verify('2011 Bardstown Rd, Louisville KY 40205')).details;
      if (!d.usCensusFIPS) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(d.usCensusFIPS, '21111');
    assert.equal(d.county, 'JEFFERSON');
    // A failed range answer (a number outside) is not placed: its position would be a guess.
    const outside = await verify('2150 Bardstown Rd, Louisville KY 40205');
    assert.equal(outside.details.usCensusFIPS, undefined);
  });
});
