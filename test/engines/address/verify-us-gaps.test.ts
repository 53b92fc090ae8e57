import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { reference } from '../../../src/engines/address/index.js';
import { createVerifier, MemorySource, type VerifyInput } from '../../../src/engines/address/verify/index.js';
import { pointFromRecord } from '../../../src/engines/address/verify/point-from-record.js';
import type { ReferencePoint } from '../../../src/engines/address/verify/reference-point.js';
import { columnMap } from '../../../src/reference-store/import/column-map.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/us-gap-points.csv');
const source = new MemorySource();
const verifier = createVerifier(source);

before(() => {
  const [header, ...rows]: string[][] = parse(readFileSync(FIXTURE));
  const toRecord = columnMap(header);
  for (const row of rows) {
    const point = pointFromRecord(toRecord(row));
    assert.notEqual(typeof point, 'string', `${row.join(',')}: ${point}`);
    source.add(point as ReferencePoint);
  }
});

const text = (errors: Record<string, string[] | undefined>) =>
  Object.entries(errors)
    .flatMap(([f, list]) => (list ?? []).map((e) => `${f}: ${e}`))
    .join('; ');

// input | status | errors | line1 | postalOrZip
const CASES: Array<[VerifyInput, string, string, string, string]> = [
  // Numbered streets: the source writes "10 AVE", the input "10TH AVE" (or "SECOND"), and the reverse.
  ['500 10TH AVE, NEW YORK, NY 10018', 'verified', '', '500 10 AVE', '10018'],
  ['2170 2ND AVE, NEW YORK, NY 10029', 'verified', '', '2170 2 AVE', '10029'],
  ['2170 SECOND AVE, NEW YORK, NY 10029', 'verified', '', '2170 2 AVE', '10029'],
  ['3119 S 2 ST, LOUISVILLE, KY 40208', 'verified', '', '3119 S 2ND ST', '40208'],
  [
    '500 10TH AVE, NEW YORK, NY 10019',
    'corrected',
    'postalOrZip: Incorrect Value: Zip Code',
    '500 10 AVE',
    '10018',
  ],
  // Unit ids with a space or a trailing letter.
  ['409 MARKET ST APT 409 A, SAN FRANCISCO, CA 94105', 'verified', '', '409 MARKET ST APT 409A', '94105'],
  ['409 MARKET ST UNIT 409A, SAN FRANCISCO, CA 94105', 'verified', '', '409 MARKET ST UNIT 409A', '94105'],
  ['55 PAGE ST APT 4 B, SAN FRANCISCO, CA 94102', 'verified', '', '55 PAGE ST APT 4B', '94102'],
  ['55 PAGE ST #4-B, SAN FRANCISCO, CA 94102', 'verified', '', '55 PAGE ST # 4B', '94102'],
  ['12 OAK ST STE 2I, SAN FRANCISCO, CA 94102', 'verified', '', '12 OAK ST STE 2I', '94102'],
  // A lettered street is not a typo of its neighbour in the series.
  [
    '12 BEACH J ST, BROOKLYN, NY 11230',
    'failed',
    'line1: Incorrect Value: Street name',
    '12 BEACH J ST',
    '11230',
  ],
  [
    '1700 AVENUE J, BROOKLYN, NY 11230',
    'failed',
    'line1: Incorrect Value: Street name',
    '1700 AVENUE J',
    '11230',
  ],
  // Street type and ZIP both changed, into another borough: another address, refused.
  [
    '68-01 52 ST, NEW YORK, NY 11221',
    'failed',
    'line1: Incorrect Value: Street name; city: Incorrect Value: City',
    '68-01 52 ST',
    '11221',
  ],
  // Either change alone is still corrected.
  [
    '68-01 52 ST, NEW YORK, NY 11378',
    'corrected',
    'line1: Incorrect Value: Street type',
    '68-01 52 DR',
    '11378',
  ],
];

describe('verification: US accuracy gaps (one line per case)', () => {
  for (const [input, status, errors, line1, zip] of CASES) {
    test(typeof input === 'string' ? input : JSON.stringify(input), async () => {
      const r = await verifier.verify(input);
      assert.deepEqual([r.status, text(r.errors), r.line1, r.postalOrZip], [status, errors, line1, zip]);
    });
  }
});

describe('verification: line2 and urbanization', () => {
  test('a unit given on line2 comes back on line2, standardized and matched', async () => {
    const r = await verifier.verify({
      line1: '55 Page St',
      line2: 'Apt 4 B',
      city: 'San Francisco',
      provinceOrState: 'CA',
      postalOrZip: '94102',
    });
    assert.deepEqual([r.status, r.line1, r.line2], ['verified', '55 PAGE ST', 'APT 4B']);
  });

  test('a line2 that is no unit is kept as written', async () => {
    const r = await verifier.verify({
      line1: '500 10th Ave',
      line2: 'c/o Front Desk',
      city: 'New York',
      provinceOrState: 'NY',
      postalOrZip: '10018',
    });
    assert.deepEqual([r.status, r.line1, r.line2], ['verified', '500 10 AVE', 'C/O FRONT DESK']);
  });

  test('an urbanization is used in Puerto Rico only', async () => {
    const address = { line1: '1000 Calle Luna', city: 'San Juan', postalOrZip: '00926' };
    const pr = await verifier.verify({
      ...address,
      provinceOrState: 'PR',
      urbanization: 'urb las gladiolas',
    });
    assert.equal(pr.line2, 'URB LAS GLADIOLAS');
    const byZip = await verifier.verify({ ...address, urbanization: 'Las Gladiolas' });
    assert.equal(byZip.line2, 'URB LAS GLADIOLAS');
    const kentucky = await verifier.verify({
      line1: '3119 S 2nd St',
      city: 'Louisville',
      provinceOrState: 'KY',
      postalOrZip: '40208',
      urbanization: 'Las Gladiolas',
    });
    assert.equal(kentucky.line2, undefined);
  });
});

describe('suggestions and city_states data', () => {
  test('suggestions from imported Canadian points carry their country and city', async () => {
    const near = await verifier.suggest('25 Sussex Dr, Ottawa, ON K1M 1M4');
    assert.deepEqual(
      near.map((s) => [s.line1, s.city, s.provinceOrState, s.postalOrZip, s.country, s.countryName]),
      [
        ['24 SUSSEX DR', 'OTTAWA', 'ON', 'K1M 1M4', 'ca', 'CANADA'],
        ['26 SUSSEX DR', 'OTTAWA', 'ON', 'K1M 1M4', 'ca', 'CANADA'],
      ],
    );
  });

  test('the town of a Canadian postal code, read from its area description', () => {
    assert.deepEqual(
      ['K1M 1M4', 'K2P', 'M5X 1A9', 'H2X', 'T2P', 'L8P', 'X0A', 'V7J'].map((c) => reference.fsaCity(c)),
      ['OTTAWA', 'OTTAWA', 'TORONTO', 'MONTREAL', 'CALGARY', 'HAMILTON', 'IQALUIT', 'NORTH VANCOUVER'],
    );
  });
});
