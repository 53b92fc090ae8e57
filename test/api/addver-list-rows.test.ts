import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import {
  outputColumns,
  outputHeader,
  outputLine,
  outputShape,
} from '../../src/api/addver-lists/list-output.js';
import { planListColumns, rowInput } from '../../src/api/addver-lists/list-rows.js';
import { ApiError } from '../../src/platform/errors.js';

const HEADER = ['Name', 'Addr', 'Apt', 'Town', 'St', 'Zip', 'Ctry'];
const FULL = {
  line1: 'Addr',
  line2: 'Apt',
  city: 'Town',
  provinceOrState: 'St',
  postalOrZip: 'Zip',
  country: 'Ctry',
};
const plan = planListColumns(FULL, HEADER);
const freeform = planListColumns({ line1: 'Addr' }, HEADER);

describe('planListColumns', () => {
  test('each mapped field is its column index; names are matched trimmed', () => {
    assert.deepEqual(plan, { line1: 1, line2: 2, city: 3, provinceOrState: 4, postalOrZip: 5, country: 6 });
    assert.deepEqual(planListColumns({ line1: ' Addr ' }, HEADER), { line1: 1 });
  });

  test('a column the header lacks is a 400 naming the mapping, NCOA name columns included', () => {
    for (const [mappings, field] of [
      [{ line1: 'Street' }, 'mappings.line1'],
      [{ line1: 'Addr', fullName: 'Full Name' }, 'mappings.fullName'],
    ] as const) {
      assert.throws(
        () => planListColumns(mappings, HEADER),
        (err: unknown) =>
          err instanceof ApiError && err.statusCode === 400 && err.message.startsWith(`${field} `),
      );
    }
  });
});

describe('rowInput', () => {
  const row = (cells: Partial<Record<keyof typeof FULL, string>>) =>
    ['n', cells.line1, cells.line2, cells.city, cells.provinceOrState, cells.postalOrZip, cells.country].map(
      (c) => c ?? '',
    );

  test('structured rows take the country cell, else the default; empty cells are left out', () => {
    assert.deepEqual(
      rowInput(row({ line1: '1 Main St', city: 'Louisville', country: 'us' }), plan, { intl: false }),
      {
        standard: { line1: '1 Main St', city: 'Louisville', country: 'US' },
      },
    );
    assert.deepEqual(rowInput(row({ line1: '1 Main St' }), plan, { intl: false, defaultCountry: 'CA' }), {
      standard: { line1: '1 Main St', country: 'CA' },
    });
  });

  test('a whole address in line1 is freeform, its country added unless the text ends with one', () => {
    assert.deepEqual(
      rowInput(row({ line1: '1 Main St, Louisville KY' }), freeform, { intl: false, defaultCountry: 'US' }),
      {
        standard: '1 Main St, Louisville KY, US',
      },
    );
    assert.deepEqual(
      rowInput(row({ line1: '10 Downing St, London, GB' }), freeform, { intl: true, defaultCountry: 'FR' }),
      {
        intl: '10 Downing St, London, GB',
      },
    );
    // Freeform without any country: the international verifier reads it from the text.
    assert.deepEqual(rowInput(row({ line1: '10 Downing St London' }), freeform, { intl: true }), {
      intl: '10 Downing St London',
    });
  });

  test('rows that cannot be verified at all say why', () => {
    const reason = (cells: Parameters<typeof row>[0], intl: boolean) => {
      const input = rowInput(row(cells), plan, { intl });
      assert.ok('invalid' in input, JSON.stringify(input));
      return input.invalid;
    };
    assert.equal(reason({ line1: '  ' }, false), 'line1 is empty.');
    assert.match(
      reason({ line1: '1 Rue X', country: 'FR' }, false),
      /^country FR is outside the US and Canada/,
    );
    assert.match(
      reason({ line1: '1 Rue X', country: 'Atlantis' }, true),
      /^country "Atlantis" is not a known/,
    );
    assert.match(reason({ line1: '1 Rue X' }, true), /^country is empty/);
  });
});

describe('output lines', () => {
  const shape = outputShape(['a', 'b,c', 'd'], { intl: false, geocode: true });

  test('the added columns follow the uploaded header', () => {
    assert.equal(outputHeader(['a', 'b,c', 'd'], shape), `a,"b,c",d,${outputColumns(shape).join(',')}\r\n`);
    assert.equal(outputColumns({ intl: true, geocode: false }).filter((c) => /line\d/.test(c)).length, 4);
  });

  test("a result uploaded again: its verified_ columns are replaced by the new answer's, not repeated", () => {
    const header = ['id', 'verified_line1', 'street', 'verified_status', 'verified_latitude'];
    const again = outputShape(header, { intl: false, geocode: false });
    assert.deepEqual(again.kept, [0, 2, 4], 'verified_latitude is not an added column without geocodes');
    const names = parse(outputHeader(header, again))[0];
    assert.deepEqual(names.slice(0, 3), ['id', 'street', 'verified_latitude']);
    assert.equal(new Set(names).size, names.length, 'no column name repeats');
    const [line] = parse(
      outputLine(['7', 'OLD', '1 Main St', 'failed', '1.5'], { invalid: 'line1 is empty.' }, again),
    );
    assert.deepEqual(line.slice(0, 3), ['7', '1 Main St', '1.5']);
    assert.equal(line.length, names.length);
  });

  test('a row is cut or padded to the header, so the answer always lines up', () => {
    const answer = {
      standard: {
        line1: '1 MAIN ST',
        city: 'LOUISVILLE',
        provinceOrState: 'KY',
        postalOrZip: '40202-1234',
        country: 'us',
        countryName: 'UNITED STATES',
        status: 'corrected' as const,
        errors: { line1: ['Incorrect Value: street type'] },
        geocodeResult: {
          accuracy: 1,
          accuracyType: 'rooftop' as const,
          location: { lat: 38.25, lng: -85.75 },
        },
      },
    };
    const width = 3 + outputColumns(shape).length;
    for (const cells of [['x'], ['x', 'y', 'z', 'extra', 'more']]) {
      const [parsed] = parse(outputLine(cells, answer, shape));
      assert.equal(parsed.length, width);
      assert.deepEqual(parsed.slice(3), [
        '1 MAIN ST',
        '',
        'LOUISVILLE',
        'KY',
        '40202-1234',
        'us',
        'corrected',
        'line1: Incorrect Value: street type',
        '38.25',
        '-85.75',
        'rooftop',
      ]);
    }
    const [invalid] = parse(outputLine(['q, "r"', '', ''], { invalid: 'line1 is empty.' }, shape));
    assert.equal(invalid[0], 'q, "r"');
    assert.equal(invalid.length, width);
    assert.equal(invalid[3 + 6], 'invalid');
    assert.equal(invalid[3 + 7], 'line1 is empty.');
  });
});
