import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { areaStreets } from '../../../src/engines/address/verify/area-indexes.js';
import { buildCoverage } from '../../../src/engines/address/verify/candidate-source.js';
import { createVerifier, MemorySource, type VerifyInput } from '../../../src/engines/address/verify/index.js';
import {
  findSameStreets,
  findTypoStreets,
  streetKeys,
  typoQuery,
} from '../../../src/engines/address/verify/match-street.js';
import { pointFromRecord } from '../../../src/engines/address/verify/point-from-record.js';
import type { ReferencePoint } from '../../../src/engines/address/verify/reference-point.js';
import { referenceStreet } from '../../../src/engines/address/verify/street-form.js';
import { ZipBlock } from '../../../src/engines/address/verify/zip-block.js';
import { columnMap } from '../../../src/reference-store/import/column-map.js';
import { LOUISVILLE_CSV, SF_CSV, SF_MAP } from '../../helpers/verify-fixture.js';

const source = new MemorySource();
const verifier = createVerifier(source);

before(() => {
  for (const [csv, map] of [[LOUISVILLE_CSV], [SF_CSV, SF_MAP]]) {
    const [header, ...rows]: string[][] = parse(csv);
    const toRecord = columnMap(header, map);
    const points = rows.map((r) => pointFromRecord(toRecord(r)));
    source.add(...points.filter((p): p is ReferencePoint => typeof p !== 'string'));
  }
  const ottawa = {
    number: '24',
    street: 'SUSSEX DR',
    city: 'OTTAWA',
    region: 'Ontario',
    postcode: 'K1M 1M4',
    lat: '45.444',
    lon: '-75.694',
  };
  source.add(pointFromRecord(ottawa) as ReferencePoint);
});

// input | status | errors ("field: error" joined by "; ") | line1 | postalOrZip
const CASES: Array<[VerifyInput, string, string, string, string]> = [
  ['1920 NEWBURG RD, LOUISVILLE, KY 40205', 'verified', '', '1920 NEWBURG RD', '40205'],
  ['1920 newburg rd, louisville, kentucky 40205', 'verified', '', '1920 NEWBURG RD', '40205'],
  [
    '1920 NEWBURG ROAD, LOUISVILLE, KY 40205',
    'corrected',
    'line1: Verbosity: Street type',
    '1920 NEWBURG RD',
    '40205',
  ],
  [
    '1920 NEWBRUG RD, LOUISVILLE, KY 40205',
    'corrected',
    'line1: Typo in Value: Street name',
    '1920 NEWBURG RD',
    '40205',
  ],
  [
    '1920 NEWBURG, LOUISVILLE, KY 40205',
    'corrected',
    'line1: Missing Value: Street type',
    '1920 NEWBURG RD',
    '40205',
  ],
  [
    '1920 NEWBURG RD, LOUISVILLE, KY',
    'corrected',
    'postalOrZip: Missing Value: Zip Code',
    '1920 NEWBURG RD',
    '40205',
  ],
  [
    '1920 NEWBURG RD, LOUISVILLE, KY 40206',
    'corrected',
    'postalOrZip: Incorrect Value: Zip Code',
    '1920 NEWBURG RD',
    '40205',
  ],
  ['1920 NEWBURG RD, KY 40205', 'corrected', 'city: Missing Value: City', '1920 NEWBURG RD', '40205'],
  [
    '1920 NEWBURG RD, BOSTON, KY 40205',
    'corrected',
    'city: Incorrect Value: City',
    '1920 NEWBURG RD',
    '40205',
  ],
  [
    '1920 NEWBURG RD, KY',
    'corrected',
    'postalOrZip: Missing Value: Zip Code; city: Missing Value: City',
    '1920 NEWBURG RD',
    '40205',
  ],
  ['3119 S 2ND ST, KY 40208', 'corrected', 'city: Missing Value: City', '3119 S 2ND ST', '40208'],
  [
    '533 EAST LIBERTY ST, LOUISVILLE, KY 40202',
    'corrected',
    'line1: Verbosity: Street direction',
    '533 E LIBERTY ST',
    '40202',
  ],
  [
    '533 LIBERTY ST, LOUISVILLE, KY 40202',
    'corrected',
    'line1: Missing Value: Street direction',
    '533 E LIBERTY ST',
    '40202',
  ],
  [
    '1922 NEWBURG RD, LOUISVILLE, KY 40205',
    'failed',
    'line1: Incorrect Value: Civic number',
    '1922 NEWBURG RD',
    '40205',
  ],
  [
    '1920 QUUXLY BLVD, LOUISVILLE, KY 40205',
    'failed',
    'line1: Incorrect Value: Street name',
    '1920 QUUXLY BLVD',
    '40205',
  ],
  ['NEWBURG RD, LOUISVILLE, KY 40205', 'failed', 'line1: Missing Value: Civic number', 'NEWBURG RD', '40205'],
  ['500 W MAIN ST STE 200, LOUISVILLE, KY 40202', 'verified', '', '500 W MAIN ST STE 200', '40202'],
  [
    '500 W MAIN ST SUITE 200, LOUISVILLE, KY 40202',
    'corrected',
    'line1: Verbosity: Suite keyword',
    '500 W MAIN ST STE 200',
    '40202',
  ],
  [
    '500 W MAIN ST, LOUISVILLE, KY 40202',
    'failed',
    'line1: Missing Value: Suite identifier',
    '500 W MAIN ST',
    '40202',
  ],
  [
    '500 W MAIN ST STE 900, LOUISVILLE, KY 40202',
    'failed',
    'line1: Incorrect Value: Suite identifier',
    '500 W MAIN ST STE 900',
    '40202',
  ],
  ['601 VAN NESS AVE #73, SAN FRANCISCO, CA 94102', 'verified', '', '601 VAN NESS AVE # 73', '94102'],
  ['601 VAN NESS AVE, SAN FRANCISCO, CA 94102', 'verified', '', '601 VAN NESS AVE', '94102'],
  [
    '1516 FOLSOM ST, SAN FRANCISCO, CA 94103',
    'failed',
    'line1: Missing Value: Suite identifier',
    '1516 FOLSOM ST',
    '94103',
  ],
  [
    '7 OCTAVIA ST APT 5, SAN FRANCISCO, CA 94102',
    'corrected',
    'line1: Incorrect Value: Suite identifier',
    '7 OCTAVIA ST',
    '94102',
  ],
  [
    {
      line1: '2221 Wadsworth Ave',
      city: 'Louisville',
      provinceOrState: 'KY',
      postalOrZip: '40205',
      country: 'us',
    },
    'verified',
    '',
    '2221 WADSWORTH AVE',
    '40205',
  ],
  [
    {
      line1: '500 W Main St',
      line2: 'Ste 100',
      city: 'Louisville',
      provinceOrState: 'KY',
      postalOrZip: '40202',
    },
    'verified',
    '',
    '500 W MAIN ST',
    '40202',
  ],
  [
    '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC 20500',
    'failed',
    'generic: Missing Value: Reference address data for this area (street and number not confirmed)',
    '1600 PENNSYLVANIA AVE NW',
    '20500',
  ],
  [
    '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC',
    'failed',
    'postalOrZip: Missing Value: Zip Code; generic: Missing Value: Reference address data for this area (street and number not confirmed)',
    '1600 PENNSYLVANIA AVE NW',
    '',
  ],
  [
    'PO BOX 123, LOUISVILLE, KY 40202',
    'failed',
    'generic: Missing Value: Reference address data for this area (street and number not confirmed)',
    'PO BOX 123',
    '40202',
  ],
  [
    '100 King St W, Toronto, ON M5X 1A9',
    'failed',
    'generic: Missing Value: Reference address data for this area (street and number not confirmed)',
    '100 KING ST W',
    'M5X 1A9',
  ],
  ['24 Sussex Dr, Ottawa, ON K1M 1M4', 'verified', '', '24 SUSSEX DR', 'K1M 1M4'],
  [
    '1 Sussex Dr, Ottawa, ON K1M1M4',
    'failed',
    'line1: Incorrect Value: Civic number',
    '1 SUSSEX DR',
    'K1M 1M4',
  ],
];

const text = (errors: Record<string, string[] | undefined>) =>
  Object.entries(errors)
    .flatMap(([f, list]) => (list ?? []).map((e) => `${f}: ${e}`))
    .join('; ');

describe('verification engine (one line per case)', () => {
  for (const [input, status, errors, line1, zip] of CASES) {
    test(typeof input === 'string' ? input : JSON.stringify(input), async () => {
      const result = await verifier.verify(input);
      assert.deepEqual(
        [result.status, text(result.errors), result.line1, result.postalOrZip],
        [status, errors, line1, zip],
      );
    });
  }
});

describe('verification engine: shape and extras', () => {
  test('country lower case, names upper case, properCase, details and a rooftop geocode', async () => {
    const r = await verifier.verify('1920 newburg rd, louisville ky 40205', {
      properCase: true,
      includeDetails: true,
      geocode: true,
    });
    assert.equal(r.country, 'us');
    assert.equal(r.countryName, 'UNITED STATES');
    assert.equal(r.line1, '1920 Newburg Rd');
    assert.equal(r.city, 'Louisville');
    assert.equal(r.details?.county, 'JEFFERSON');
    assert.equal(r.details?.streetNumber, '1920');
    assert.equal(r.details?.usTimeZone, 'America/Kentucky/Louisville');
    assert.equal('zipPlus4' in r, false);
    assert.deepEqual(r.geocodeResult, {
      accuracy: 1,
      accuracyType: 'rooftop',
      location: { lat: 38.2211, lng: -85.711 },
    });
  });

  test('Canada: country ca, province name, postal code kept in Canada Post form', async () => {
    const r = await verifier.verify({
      line1: '24 Sussex Dr',
      city: 'Ottawa',
      provinceOrState: 'Ontario',
      postalOrZip: 'k1m1m4',
    });
    assert.deepEqual(
      [r.country, r.countryName, r.provinceOrState, r.postalOrZip],
      ['ca', 'CANADA', 'ON', 'K1M 1M4'],
    );
  });

  test('a missing number on a known street is interpolated; an unknown street gets the ZIP centre', async () => {
    const between = await verifier.verify('1922 NEWBURG RD, LOUISVILLE, KY 40205', { geocode: true });
    assert.equal(between.geocodeResult?.accuracyType, 'range_interpolation');
    assert.ok(Math.abs(between.geocodeResult!.location.lat - 38.2213) < 1e-6);
    const place = await verifier.verify('1 NOWHERE LN, LOUISVILLE, KY 40205', { geocode: true });
    assert.equal(place.geocodeResult?.accuracyType, 'place');
  });

  test('suggestions: nearest real numbers first; the units of a building', async () => {
    const near = await verifier.suggest('1923 NEWBURG RD, LOUISVILLE, KY 40205');
    assert.deepEqual(
      near.map((s) => s.line1),
      ['1924 NEWBURG RD', '1920 NEWBURG RD', '1930 NEWBURG RD'],
    );
    assert.ok(near.every((s) => s.status === 'verified' && Object.keys(s.errors).length === 0));
    const units = await verifier.suggest('500 W MAIN ST, LOUISVILLE, KY 40202');
    assert.deepEqual(
      units.map((s) => s.line1),
      ['500 W MAIN ST STE 100', '500 W MAIN ST STE 200'],
    );
  });
});

describe('verification engine: merged street index of an area', () => {
  const point = (zip: string, number: string, street: string): ReferencePoint =>
    pointFromRecord({
      number,
      street,
      region: 'KY',
      postcode: zip,
      lat: '38.2',
      lon: '-85.7',
    }) as ReferencePoint;
  // ZIPs of two sectional centres: MAIN ST in several, MAIN AVE and COUNTRYACRES LN (name and type run together) in others.
  const zips = Array.from({ length: 12 }, (_, i) => (i < 9 ? `402${10 + i}` : `401${10 + i}`));
  const makeBlock = (zip: string, i: number) =>
    new ZipBlock(zip, [
      point(zip, '1', i % 3 === 0 ? 'MAIN ST' : 'MAIN AVE'),
      point(zip, '2', i % 4 === 0 ? 'COUNTRYACRES LN' : 'ELM ST'),
      point(zip, '3', `OAK ${i} ST`),
    ]);
  const blocks = zips.map(makeBlock);
  /** The index for an area of these blocks (built on its second search). */
  // Indexes are kept per coverage (one source between imports).
  const coverage = buildCoverage([]);
  const indexFor = (area: ZipBlock[], typoZips = new Set(area.map((b) => b.zip))) => {
    const near = area.map((b) => b.zip);
    assert.equal(areaStreets(coverage, near, typoZips, area), undefined, 'not on the first search');
    const index = areaStreets(coverage, near, typoZips, area);
    assert.ok(index);
    return index;
  };
  const sameStreets = ['MAIN ST', 'MAIN AVE', 'MAIN', 'COUNTRY ACRES LN', 'ELM ST', 'OAK 7 ST', 'NONE ST'];
  const typos = [
    'MAIN STREEET',
    'MIAN ST',
    'COUNTRYACRSE LN',
    'OKA 7 ST',
    'ELN ST',
    'MAPEL 4 ST',
    'NOTHING LIKE IT',
  ];
  /** Asserts the index answers as the blocks one by one do, typos in `typoZips` only. */
  const assertSameAsBlocks = (area: ZipBlock[], typoZips: Set<string>) => {
    const index = indexFor(area, typoZips);
    for (const street of sameStreets) {
      const keys = streetKeys(referenceStreet(street));
      assert.deepEqual(
        index.find(keys),
        area.flatMap((b) => findSameStreets(b, keys)),
        street,
      );
    }
    for (const street of typos) {
      const query = typoQuery(referenceStreet(street));
      const oneByOne = area.filter((b) => typoZips.has(b.zip)).flatMap((b) => findTypoStreets(b, query));
      assert.deepEqual(index.findTypos(query, typoZips), oneByOne, street);
    }
  };

  test('answers as the blocks one by one do, in the order of the blocks', () => {
    const typoZips = new Set(zips.filter((_, i) => i !== 3));
    assertSameAsBlocks(blocks, typoZips);
    assertSameAsBlocks([...blocks].reverse(), typoZips);
    const index = indexFor(blocks);
    assert.ok(index.findTypos(typoQuery(referenceStreet('MIAN ST')), typoZips).length > 0);
  });

  test('an area sharing a sectional centre with a larger one sees only its own ZIPs', () => {
    indexFor(blocks); // the whole centre is in the index
    const part = blocks.slice(1, 9);
    assertSameAsBlocks(part, new Set(part.map((b) => b.zip)));
    const keys = streetKeys(referenceStreet('MAIN ST'));
    assert.ok(
      indexFor(part)
        .find(keys)
        .every((c) => part.some((b) => b.zip === c.zip)),
    );
  });

  test('an area with few typo ZIPs in a large sectional centre answers the same (their own names scanned)', () => {
    // 20 ZIPs of 403 with names of their own fill the centre; the area has two of them plus 402's.
    const large = Array.from({ length: 20 }, (_, i) => {
      const zip = `403${10 + i}`;
      return new ZipBlock(zip, [
        point(zip, '1', `MAPLE ${i} ST`),
        point(zip, '2', `OAK ${i} ST`),
        point(zip, '3', i % 2 ? 'MAIN ST' : 'MAIN AVE'),
      ]);
    });
    indexFor(large);
    const area = [...blocks.slice(0, 8), large[3], large[4]];
    assertSameAsBlocks(area, new Set(area.map((b) => b.zip)));
    assertSameAsBlocks(area, new Set([zips[1], large[4].zip]));
  });

  test('a ZIP read again (a new block instance) replaces its part', () => {
    indexFor(blocks);
    const reread = blocks.map((b, i) => (i === 0 ? new ZipBlock(b.zip, [point(b.zip, '9', 'BIRCH ST')]) : b));
    assertSameAsBlocks(reread, new Set(zips));
    const index = indexFor(reread);
    const main = index.find(streetKeys(referenceStreet('MAIN ST')));
    assert.ok(!main.some((c) => c.zip === zips[0]), 'the old MAIN ST of the first ZIP is gone');
    assert.deepEqual(
      index.find(streetKeys(referenceStreet('BIRCH ST'))).map((c) => c.zip),
      [zips[0]],
    );
  });
});
