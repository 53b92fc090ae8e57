import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fallbackStreets,
  prefixRange,
  StreetNameIndex,
  trigrams,
} from '../../../src/engines/address/complete/index.js';

const index = StreetNameIndex.of([
  { name: 'NEWBURG', points: 40 },
  { name: 'NEWBURY', points: 900 },
  { name: 'NEWTON', points: 10 },
  { name: 'NEW CUT', points: 300 },
  { name: 'EWBURG', points: 5000 },
  { name: 'MAIN', points: 20000 },
  { name: 'ELLIOTT', points: 70 },
  { name: 'ELLIOTT PARK', points: 7 },
]);

test('trigrams: each word padded with two spaces before and one after, lower case, once each', () => {
  assert.deepEqual(trigrams('5TH'), ['  5', ' 5t', '5th', 'th ']);
  assert.deepEqual(trigrams("o'b").sort(), ['  b', '  o', ' b ', ' o '].sort());
  assert.deepEqual(trigrams('AAAA'), ['  a', ' aa', 'aaa', 'aa ']);
});

test('nearest: names within the typo budget, the fewest edits first, then the busiest', () => {
  // A swap near the start, still being typed: one edit from both, and as many trigrams shared.
  assert.deepEqual(index.nearest('NWEBUR'), ['NEWBURY', 'NEWBURG']);
  assert.deepEqual(index.nearest('NEWBURGG'), ['NEWBURG', 'NEWBURY'], 'one edit before two');
  assert.deepEqual(index.nearest('NEWBRUG'), ['NEWBURG'], 'NEWBURY is two edits from NEWBRUG');
  assert.deepEqual(index.nearest('ELIOTT'), ['ELLIOTT', 'ELLIOTT PARK']);
  assert.deepEqual(index.nearest('ELOITT'), [], 'two edits: over the budget of a six-letter name');
  assert.deepEqual(index.nearest('EWBRUG'), ['EWBURG'], 'the first letter is taken as typed');
  assert.deepEqual(index.nearest('NWE'), [], 'below four letters there is no budget');
  assert.deepEqual(index.nearest('ZZZZZZ'), []);
  assert.deepEqual(index.nearest('NWEBUR', 1), ['NEWBURY']);
});

test('busiestIn: the busiest of the names starting as typed', () => {
  assert.deepEqual(index.busiestIn(prefixRange('NEW')), ['NEWBURY', 'NEW CUT', 'NEWBURG', 'NEWTON']);
  assert.deepEqual(index.busiestIn(prefixRange('NEW'), 2), ['NEWBURY', 'NEW CUT']);
  assert.deepEqual(index.busiestIn(prefixRange('Q')), []);
});

test('fallbackStreets: prefixes then typos, each name once', () => {
  const names = fallbackStreets(index, {
    names: [prefixRange('NEWB')],
    typos: ['NEWBRUG'],
    streetLevel: false,
  });
  assert.deepEqual(names, ['NEWBURY', 'NEWBURG']);
});

test('build: a slice at a time, pausing between slices, the same index whatever order the names come in', async () => {
  const rows = Array.from({ length: 60000 }, (_, i) => ({
    name: `STREET ${String(i).padStart(5, '0')}`,
    points: i,
  }));
  rows.push({ name: 'NEWBURG', points: 1 });
  let pauses = 0;
  const built = await StreetNameIndex.build([...rows].reverse(), async () => {
    pauses++;
  });
  assert.equal(built.size, rows.length);
  assert.deepEqual(built.nearest('NEWBRUG'), ['NEWBURG']);
  assert.deepEqual(
    built.busiestIn(prefixRange('STREET 1999')),
    StreetNameIndex.of(rows).busiestIn(prefixRange('STREET 1999')),
  );
  assert.deepEqual(built.busiestIn(prefixRange('STREET 5999'), 2), ['STREET 59999', 'STREET 59998']);
  assert.ok(pauses >= 1, `paused ${pauses} times`);
});
