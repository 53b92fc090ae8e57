import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rangePosition, SIDE_OFFSET_M } from '../../../src/engines/address/geocode/range-position.js';
import {
  nearestInRanges,
  rangeAt,
  rangeNumber,
  type StreetRange,
} from '../../../src/engines/address/verify/street-range.js';

/** A range along a line due east from (-85.7, 38.2), 0.001° long (about 87 m at this latitude). */
const range = (
  side: 'L' | 'R',
  from: number,
  to: number,
  parity: StreetRange['parity'],
  prefix = '',
): StreetRange => ({
  prefix,
  from,
  to,
  parity,
  side,
  zip: '40205',
  state: 'KY',
  line: Int32Array.from([-857000000, 382000000, -856990000, 382000000]),
});

const LEFT = range('L', 101, 199, 'O');
const RIGHT = range('R', 100, 198, 'E');

describe('street ranges: which range holds a number', () => {
  test('numbers as ranges read them: plain, hyphenated, none for letters', () => {
    assert.deepEqual(rangeNumber('1520'), { prefix: '', value: 1520 });
    assert.deepEqual(rangeNumber('68-15'), { prefix: '68-', value: 15 });
    assert.equal(rangeNumber('12B'), undefined);
  });

  test('side and parity: an odd number on the odd side, an even on the even, none outside', () => {
    assert.equal(rangeAt([LEFT, RIGHT], '151'), LEFT);
    assert.equal(rangeAt([LEFT, RIGHT], '150'), RIGHT);
    assert.equal(rangeAt([LEFT, RIGHT], '201'), undefined);
    assert.equal(rangeAt([range('L', 199, 101, 'O')], '151')?.from, 199, 'a range may run down the line');
  });

  test("a range of its own parity before one of both; a hyphenated number needs its range's prefix", () => {
    const both = range('L', 100, 199, 'B');
    assert.equal(rangeAt([both, RIGHT], '150'), RIGHT);
    assert.equal(rangeAt([both, RIGHT], '151'), both);
    assert.equal(rangeAt([range('L', 1, 99, 'O', '68-')], '68-15')?.prefix, '68-');
    assert.equal(rangeAt([range('L', 1, 99, 'O', '68-')], '15'), undefined);
  });

  test('the nearest numbers the ranges hold, nearest first, of each range its own parity', () => {
    const near = nearestInRanges([LEFT, RIGHT], { prefix: '', value: 250 }, 3);
    assert.deepEqual(
      near.map((n) => n.number),
      ['199', '198'],
    );
  });
});

describe('street ranges: where a number lies', () => {
  const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
    Math.hypot((a.lat - b.lat) * 111_320, (a.lon - b.lon) * 111_320 * Math.cos((38.2 * Math.PI) / 180));

  test("along the line by the number's place in its range", () => {
    const start = rangePosition(LEFT, { prefix: '', value: 101 });
    const end = rangePosition(LEFT, { prefix: '', value: 199 });
    const mid = rangePosition(LEFT, { prefix: '', value: 150 });
    assert.ok(Math.abs(start.lon - -85.7) < 1e-9);
    assert.ok(Math.abs(end.lon - -85.699) < 1e-9);
    assert.ok(Math.abs(mid.lon - -85.6995) < 2e-6, String(mid.lon));
  });

  test('set off to its side: left of an eastward line is north, right is south', () => {
    const left = rangePosition(LEFT, { prefix: '', value: 151 });
    const right = rangePosition(RIGHT, { prefix: '', value: 150 });
    assert.ok(left.lat > 38.2 && right.lat < 38.2);
    assert.ok(Math.abs(metres(left, { lat: 38.2, lon: left.lon }) - SIDE_OFFSET_M) < 0.01);
  });
});
