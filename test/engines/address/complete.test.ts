import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import {
  type AreaFilter,
  areaFilter,
  completeAddress,
  completedOf,
  MemoryCompletions,
  previewOf,
  rankCandidates,
  readPartialStreet,
  searchPlan,
} from '../../../src/engines/address/complete/index.js';
import { pointFromRecord } from '../../../src/engines/address/verify/point-from-record.js';
import type { ReferencePoint } from '../../../src/engines/address/verify/reference-point.js';
import { columnMap } from '../../../src/reference-store/import/column-map.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/completion-points.csv');
const [header, ...rows]: string[][] = parse(readFileSync(FIXTURE));
const toRecord = columnMap(header);
const POINTS = rows
  .map((r) => pointFromRecord(toRecord(r)))
  .filter((p): p is ReferencePoint => typeof p !== 'string');
const source = new MemoryCompletions(POINTS);

async function lines(partialStreet: string, filter: AreaFilter = {}, limit = 10, verifiedOnly = false) {
  const found = await completeAddress(source, { partialStreet, filter, limit, verifiedOnly });
  return found.map((c) => `${c.line}, ${c.city} ${c.point.zip}`);
}

describe('reading a partial street', () => {
  test('a number still being typed, a complete one, a street without a number', () => {
    assert.deepEqual(readPartialStreet('192').number, { text: '192', partial: true });
    assert.deepEqual(readPartialStreet('1920 ').number, { text: '1920', partial: false });
    const named = readPartialStreet('newbu');
    assert.equal(named.number, undefined);
    assert.deepEqual(
      named.readings.map((r) => [r.name, r.open]),
      [['NEWBU', true]],
    );
  });

  test('direction, type and unit words are read into their slots, every split kept', () => {
    const typed = readPartialStreet('3119 South 2nd Street #4');
    const split = typed.readings.find((r) => r.before.length === 1 && r.name === '2ND');
    assert.ok(split, 'a reading with the direction before the name');
    assert.deepEqual(split.before[0].directions, ['S']);
    assert.deepEqual(split.tail.type?.standards, ['ST']);
    assert.equal(split.tail.designator, '#');
    assert.deepEqual(split.tail.unitId, { text: '4', partial: true });
    // The whole text as a name is a reading too ("SOUTH 2ND STREET" could be a name).
    assert.ok(typed.readings.some((r) => r.before.length === 0 && r.name.startsWith('SOUTH')));
  });

  test('a spelled-out ordinal is also read as digits; text after a comma is the locality', () => {
    const typed = readPartialStreet('3119 Second St, Louisville');
    assert.ok(typed.readings.some((r) => r.name === '2ND'));
    assert.equal(typed.locality, 'LOUISVILLE');
  });

  test('a plan walks key ranges: number+street, or the street alone', () => {
    const withNumber = searchPlan(readPartialStreet('1920 newb'))!;
    assert.equal(withNumber.by, 'numberStreet');
    assert.deepEqual(withNumber.ranges[0], { from: '1920 NEWB', to: '1920 NEWC' });
    assert.deepEqual(withNumber.fallback?.number, { from: '1920', to: '1920\u0001' });
    assert.equal(withNumber.fallback?.streetLevel, true);
    assert.equal(searchPlan(readPartialStreet('newb'))!.by, 'street');
    assert.equal(searchPlan(readPartialStreet('  ')), undefined);
    // Two letters: no fallback (every street would be a candidate).
    assert.equal(searchPlan(readPartialStreet('1 ne'))!.fallback, undefined);
  });
});

describe('ranking', () => {
  test('whole words before a word still being typed: NEW ST, NEW CUT RD, then NEWBURG RD', async () => {
    assert.deepEqual(await lines('1920 new'), [
      '1920 NEW ST, LOUISVILLE 40208',
      '1920 NEW CUT RD, LOUISVILLE 40214',
      '1920 NEWBURG RD, LOUISVILLE 40205',
    ]);
  });

  test('the typed number before longer numbers that start with it', async () => {
    const found = await lines('192');
    assert.equal(found[0], '192 NEWBURG RD, LOUISVILLE 40205');
    assert.ok(found.length > 1 && found.slice(1).every((l) => /^192\d/.test(l)));
  });

  test('equal matches: the busier locality first (Lexington has 3 points, the others 1)', async () => {
    assert.deepEqual(await lines('1920 main st'), [
      '1920 MAIN ST, LEXINGTON 40507',
      '1920 MAIN ST, COLUMBUS 43215',
      '1920 MAIN ST, FRANKFORT 40601',
      '1920 MAIN ST W, HAMILTON L8S1H1',
    ]);
  });

  test('a locality typed after a comma ranks its addresses first', async () => {
    const found = await lines('1920 main st, frankfort');
    assert.equal(found[0], '1920 MAIN ST, FRANKFORT 40601');
  });

  test('a direction left out or spelled out still finds the street', async () => {
    assert.deepEqual(await lines('3119 2nd st'), ['3119 S 2ND ST, LOUISVILLE 40208']);
    assert.deepEqual(await lines('3119 south second'), ['3119 S 2ND ST, LOUISVILLE 40208']);
    // A direction typed is a direction required: there is no N 2ND ST.
    assert.deepEqual(await lines('3119 N 2nd'), []);
  });

  test('units: the building first, then units in numeric order; a typed unit narrows', async () => {
    assert.deepEqual(await lines('601 van ness ave'), [
      '601 VAN NESS AVE, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 2, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 10, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 48, SAN FRANCISCO 94102',
      '601 VAN NESS AVE # 73, SAN FRANCISCO 94102',
    ]);
    assert.deepEqual(await lines('601 van ness ave #7'), ['601 VAN NESS AVE # 73, SAN FRANCISCO 94102']);
    assert.deepEqual(await lines('500 w main st ste 10'), [
      '500 W MAIN ST STE 100, LOUISVILLE 40202',
      '500 W MAIN ST STE 1000, LOUISVILLE 40202',
    ]);
  });

  test('typos in the street name, after exact matches', async () => {
    assert.deepEqual(await lines('1920 newbrug rd'), ['1920 NEWBURG RD, LOUISVILLE 40205']);
    assert.deepEqual(await lines('1920 nwebur'), ['1920 NEWBURG RD, LOUISVILLE 40205']);
    // Three letters allow no typo: "NWE" is not NEW.
    assert.deepEqual(await lines('1920 nwe '), []);
  });

  test('a known street without the typed number is offered last, and not with verifiedOnly', async () => {
    const found = await completeAddress(source, { partialStreet: '1922 newburg rd', filter: {}, limit: 10 });
    assert.deepEqual(
      found.map((c) => [c.kind, c.line]),
      [['street', '1922 NEWBURG RD']],
    );
    assert.deepEqual(await lines('1922 newburg rd', {}, 10, true), []);
    // While a real address starts as typed, no street is offered without the number.
    const main = await completeAddress(source, { partialStreet: '1922 main st', filter: {}, limit: 10 });
    assert.deepEqual(
      main.map((c) => [c.kind, c.line, c.point.zip]),
      [['point', '1922 MAIN ST', '40507']],
    );
    // Without one, every known street of that name is (the real 1920s come first elsewhere).
    const nowhere = await completeAddress(source, { partialStreet: '1926 main st', filter: {}, limit: 10 });
    assert.ok(nowhere.length >= 4 && nowhere.every((c) => c.kind === 'street' && c.number === '1926'));
  });

  test('limit cuts the ranked list', async () => {
    assert.equal((await lines('1920 ', {}, 3)).length, 3);
  });

  test('ranking is deterministic whatever order the candidates come in', () => {
    const typed = readPartialStreet('1920 ');
    const a = rankCandidates(typed, POINTS).map((c) => c.line + c.point.zip);
    const b = rankCandidates(typed, [...POINTS].reverse()).map((c) => c.line + c.point.zip);
    assert.deepEqual(a, b);
  });
});

describe('filters', () => {
  const filter = (f: Parameters<typeof areaFilter>[0]) => areaFilter(f) as AreaFilter;

  test('state, country, postal prefix, city prefix and exact', async () => {
    assert.deepEqual(await lines('1920 main', filter({ stateFilter: 'Ohio' })), [
      '1920 MAIN ST, COLUMBUS 43215',
    ]);
    assert.deepEqual(await lines('1920 main', filter({ countryFilter: 'CA' })), [
      '1920 MAIN ST W, HAMILTON L8S1H1',
    ]);
    assert.deepEqual(await lines('1920 main', filter({ pcFilter: 'L8S 1H1' })), [
      '1920 MAIN ST W, HAMILTON L8S1H1',
    ]);
    assert.deepEqual(await lines('1920 ', filter({ pcFilter: '4020' })), [
      '1920 NEWBURG RD, LOUISVILLE 40205',
      '1920 NEW ST, LOUISVILLE 40208',
    ]);
    assert.deepEqual(await lines('1920 main', filter({ cityFilter: 'lex' })), [
      '1920 MAIN ST, LEXINGTON 40507',
    ]);
    assert.deepEqual(await lines('1920 main', filter({ cityFilter: 'lex', filterExact: true })), []);
  });

  test('a mailing city from the ZIP table finds points that name another city (Queens)', async () => {
    const f = filter({ cityFilter: 'Maspeth' });
    assert.deepEqual(f.cityZips, ['11378']);
    assert.deepEqual(await lines('68-01 52', f), ['68-01 52 DR, MASPETH 11378']);
  });

  test('filters that cannot apply say which and why', () => {
    assert.deepEqual(areaFilter({ countryFilter: 'GB' }), {
      field: 'countryFilter',
      problem: 'must be us or ca: other countries use /v1/intl_addver/completions.',
    });
    assert.equal((areaFilter({ countryFilter: 'ZZ' }) as { field: string }).field, 'countryFilter');
    assert.equal((areaFilter({ stateFilter: 'Narnia' }) as { field: string }).field, 'stateFilter');
    assert.equal(
      (areaFilter({ stateFilter: 'ON', countryFilter: 'US' }) as { field: string }).field,
      'stateFilter',
    );
    assert.equal((areaFilter({ pcFilter: '40205*' }) as { field: string }).field, 'pcFilter');
    assert.deepEqual(filter({ pcFilter: '40205-1234' }).postal, '40205');
  });
});

describe('presenting', () => {
  test('previews: full ZIP in the US, first three characters elsewhere, or the state', async () => {
    const [us] = await completeAddress(source, { partialStreet: '1920 newburg', filter: {}, limit: 1 });
    const [ca] = await completeAddress(source, { partialStreet: '1920 main st w', filter: {}, limit: 1 });
    assert.deepEqual(previewOf(us), { address: '1920 NEWBURG RD', city: 'LOUISVILLE', pc: '40205' });
    assert.deepEqual(previewOf(ca), { address: '1920 MAIN ST W', city: 'HAMILTON', pc: 'L8S' });
    assert.deepEqual(previewOf(us, { provInsteadOfPC: true, properCase: true }), {
      address: '1920 Newburg Rd',
      city: 'Louisville',
      prov: 'KY',
    });
  });

  test('completed: country, whole postal code, rooftop position; a guessed number says so', async () => {
    const [ca] = await completeAddress(source, { partialStreet: '1920 main st w', filter: {}, limit: 1 });
    assert.deepEqual(completedOf(ca, { geocode: true }), {
      address: { address: '1920 MAIN ST W', city: 'HAMILTON', country: 'CA', pc: 'L8S 1H1', prov: 'ON' },
      errors: {},
      geocodeResult: { accuracy: 1, accuracyType: 'rooftop', location: { lat: 43.258, lng: -79.91 } },
    });
    const [guess] = await completeAddress(source, { partialStreet: '1922 newburg rd', filter: {}, limit: 1 });
    const item = completedOf(guess, { geocode: true });
    assert.deepEqual(item.errors, { line1: ['Incorrect Value: Civic number'] });
    assert.equal(item.geocodeResult?.accuracyType, 'place');
  });
});
