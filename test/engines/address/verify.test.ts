import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { AreaStreets } from '../../../src/engines/address/verify/area-streets.js';
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
    '500 W MAIN ST STE 100',
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
  test('answers as the blocks one by one do, in the order of the blocks', () => {
    const point = (zip: string, number: string, street: string): ReferencePoint =>
      pointFromRecord({
        number,
        street,
        region: 'KY',
        postcode: zip,
        lat: '38.2',
        lon: '-85.7',
      }) as ReferencePoint;
    // Ten ZIPs: MAIN ST in several, MAIN AVE and COUNTRYACRES LN (name and type run together) in others.
    const zips = Array.from({ length: 10 }, (_, i) => `402${String(10 + i)}`);
    const blocks = zips.map(
      (zip, i) =>
        new ZipBlock(zip, [
          point(zip, '1', i % 3 === 0 ? 'MAIN ST' : 'MAIN AVE'),
          point(zip, '2', i % 4 === 0 ? 'COUNTRYACRES LN' : 'ELM ST'),
          point(zip, '3', `OAK ${i} ST`),
        ]),
    );
    const index = new AreaStreets(blocks);
    const shuffled = [...blocks].reverse();
    for (const street of [
      'MAIN ST',
      'MAIN AVE',
      'MAIN',
      'COUNTRY ACRES LN',
      'ELM ST',
      'OAK 7 ST',
      'NONE ST',
    ]) {
      const keys = streetKeys(referenceStreet(street));
      for (const order of [blocks, shuffled]) {
        const oneByOne = order.flatMap((b) => findSameStreets(b, keys));
        assert.deepEqual(index.find(keys, order), oneByOne, street);
      }
    }
    // Typos: a mistyped type read into the name, then names a slip away, in the typo ZIPs only.
    const typoZips = new Set(zips.filter((_, i) => i !== 3));
    for (const street of [
      'MAIN STREEET',
      'MIAN ST',
      'COUNTRYACRSE LN',
      'OKA 7 ST',
      'ELN ST',
      'NOTHING LIKE IT',
    ]) {
      const query = typoQuery(referenceStreet(street));
      for (const order of [blocks, shuffled]) {
        const oneByOne = order.filter((b) => typoZips.has(b.zip)).flatMap((b) => findTypoStreets(b, query));
        assert.deepEqual(index.findTypos(query, order, typoZips), oneByOne, street);
      }
    }
    assert.ok(index.findTypos(typoQuery(referenceStreet('MIAN ST')), blocks, typoZips).length > 0);
    assert.ok(index.covers(blocks));
    assert.equal(index.covers([...blocks.slice(1), new ZipBlock(zips[0], [])]), false);
  });
});
