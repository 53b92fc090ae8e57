import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  completeAddress,
  completedOf,
  MemoryCompletions,
  numbersInRange,
  type RangeSide,
  rangeWant,
} from '../../../src/engines/address/complete/index.js';
import type { ReferencePoint } from '../../../src/engines/address/verify/reference-point.js';
import type { StreetRange } from '../../../src/engines/address/verify/street-range.js';

/** A side range along a short east-west line. */
function side(
  name: string,
  zip: string,
  from: number,
  to: number,
  parity: StreetRange['parity'],
  prefix = '',
): RangeSide {
  const line = Int32Array.from([-857000000, 382000000, -856990000, 382000000]);
  const range: StreetRange = {
    prefix,
    from,
    to,
    parity,
    side: parity === 'O' ? 'L' : 'R',
    zip,
    state: 'KY',
    line,
  };
  const [street, type] = name.split(' ');
  return { zip, state: 'KY', city: 'LOUISVILLE', street: { name: street, type }, range };
}

const point = (number: string, name: string, zip: string): ReferencePoint => {
  const [street, type] = name.split(' ');
  return {
    zip,
    state: 'KY',
    city: 'LOUISVILLE',
    number,
    street: { name: street, type },
    lat: 38.2,
    lon: -85.7,
  };
};

const RANGES = [
  side('ELM ST', '40205', 101, 199, 'O'),
  side('ELM ST', '40205', 100, 198, 'E'),
  side('ELM ST', '40205', 1200, 1298, 'E'),
  // Oak Ave has a point in 40206: there its range offers nothing.
  side('OAK AVE', '40206', 1, 99, 'B'),
  side('OAK AVE', '40207', 1, 99, 'B'),
  side('QUEENS BLVD', '11378', 1, 99, 'O', '68-'),
];
const source = new MemoryCompletions([point('7', 'OAK AVE', '40206')], RANGES);

async function lines(partialStreet: string, limit = 5) {
  const found = await completeAddress(source, { partialStreet, filter: {}, limit });
  return found.map((c) => `${c.kind} ${c.line} ${c.point.zip}`);
}

describe('which numbers a range offers', () => {
  test('spans of a typed number: exactly it when complete, every number starting with it while typed', () => {
    assert.deepEqual(rangeWant({ text: '1920', partial: false }), { prefix: '', spans: [[1920, 1920]] });
    assert.deepEqual(rangeWant({ text: '12', partial: true })?.spans.slice(0, 3), [
      [12, 12],
      [120, 129],
      [1200, 1299],
    ]);
    // After a hyphen values are written with two digits: "68-1" starts 68-10, not 68-01.
    assert.deepEqual(rangeWant({ text: '68-1', partial: true })?.spans.slice(0, 1), [[10, 19]]);
    assert.deepEqual(rangeWant({ text: '68-0', partial: true })?.spans, [[0, 9]]);
    assert.equal(rangeWant({ text: '12B', partial: false }), undefined);
    assert.equal(rangeWant(undefined)?.prefix, undefined);
  });

  test("a range's smallest numbers that fit, of its parity, with its prefix", () => {
    const [odd, even, high] = RANGES.map((r) => r.range);
    const want = rangeWant({ text: '12', partial: true })!;
    assert.deepEqual(
      numbersInRange(odd, want).map((n) => n.text),
      ['121', '123', '125', '127', '129'],
    );
    assert.deepEqual(
      numbersInRange(even, want, 3).map((n) => n.text),
      ['120', '122', '124'],
    );
    assert.deepEqual(
      numbersInRange(high, want, 2).map((n) => n.text),
      ['1200', '1202'],
    );
    assert.deepEqual(numbersInRange(RANGES[5].range, rangeWant({ text: '68-1', partial: true })!, 2), [
      { text: '68-11', value: 11 },
      { text: '68-13', value: 13 },
    ]);
  });
});

describe('completions from ranges', () => {
  test('a street typed alone: its smallest numbers, both sides, in number order', async () => {
    assert.deepEqual(await lines('elm', 3), [
      'range 100 ELM ST 40205',
      'range 101 ELM ST 40205',
      'range 102 ELM ST 40205',
    ]);
  });

  test('a number typed in part: numbers of the ranges that start with it', async () => {
    assert.deepEqual(await lines('12', 3), [
      'range 12 OAK AVE 40207',
      'range 120 ELM ST 40205',
      'range 121 ELM ST 40205',
    ]);
  });

  test('points win on their street and ZIP, and rank before a range of the same fit', async () => {
    // 40206's Oak Ave range would hold 1-99: only its point answers there.
    assert.deepEqual(await lines('oak', 3), [
      'point 7 OAK AVE 40206',
      'range 1 OAK AVE 40207',
      'range 2 OAK AVE 40207',
    ]);
    // A range holding the number is an address: the fallback (40206's street offered with 8) does not run.
    assert.deepEqual(await lines('8 oak'), ['range 8 OAK AVE 40207']);
  });

  test('resolved, a range number is geocoded by interpolation and carries no error', async () => {
    const [first] = await completeAddress(source, { partialStreet: '151 elm', filter: {}, limit: 1 });
    const item = completedOf(first, { geocode: true });
    assert.deepEqual(item.errors, {});
    assert.equal(item.geocodeResult?.accuracyType, 'range_interpolation');
    // Halfway along the odd side's numbers is about halfway along the line, north of it.
    assert.ok(Math.abs(item.geocodeResult!.location.lng - -85.6995) < 1e-4, JSON.stringify(item));
    assert.ok(item.geocodeResult!.location.lat > 38.2, JSON.stringify(item));
  });
});

describe('completions under alternate names', () => {
  // New Cut Rd's range is also named New Cut Pike (ADDRFN): the store reads it under both names.
  const road = { name: 'NEW CUT', type: 'RD' };
  const primary: RangeSide = { ...side('X', '40214', 101, 199, 'O'), street: road };
  const pike: RangeSide = { ...primary, street: { name: 'NEW CUT', type: 'PIKE' }, primary: road };
  const named = new MemoryCompletions([], [primary, pike]);
  const linesOf = async (source: MemoryCompletions, partialStreet: string) =>
    (await completeAddress(source, { partialStreet, filter: {}, limit: 5 })).map(
      (c) => `${c.kind} ${c.line} ${c.point.zip}`,
    );

  test('a number read under both names is offered once: under the name fitting what was typed', async () => {
    // Both names fit "new cut" equally: the primary name.
    assert.deepEqual(await linesOf(named, '121 new cut'), ['range 121 NEW CUT RD 40214']);
    // Only the alternate name has the typed type.
    assert.deepEqual(await linesOf(named, '121 new cut pike'), ['range 121 NEW CUT PIKE 40214']);
    assert.deepEqual(await linesOf(named, '121 new cut rd'), ['range 121 NEW CUT RD 40214']);
  });

  test("points win under either name: the primary name's everywhere, the alternate's under it", async () => {
    const on = (type: string) => ({ ...point('105', 'X', '40214'), street: { name: 'NEW CUT', type } });
    // A point of the road in the ZIP: its range offers nothing there, under any name.
    const road = new MemoryCompletions([on('RD')], [primary, pike]);
    assert.deepEqual(await linesOf(road, '121 new cut pike'), []);
    // A point of the pike: that name's point answers; the range numbers come under the road's.
    const pikePoint = new MemoryCompletions([on('PIKE')], [primary, pike]);
    assert.deepEqual(await linesOf(pikePoint, '121 new cut pike'), ['street 121 NEW CUT PIKE 40214']);
    assert.deepEqual(await linesOf(pikePoint, '121 new cut rd'), ['range 121 NEW CUT RD 40214']);
  });
});
