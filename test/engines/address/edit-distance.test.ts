import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { editDistance, startEditDistance } from '../../../src/engines/address/verify/edit-distance.js';

/** The whole table, no band, no early stop: optimal string alignment as defined. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

const word = fc.string({ unit: fc.constantFrom('A', 'B', 'C', 'E', 'N', 'R'), maxLength: 10 });

test('editDistance: exact up to max, above max beyond it', () => {
  assert.equal(editDistance('NEWBURG', 'NEWBRUG', 1), 1, 'a transposition is one edit');
  assert.equal(editDistance('NEWBURG', 'NEWBURG', 2), 0);
  assert.ok(editDistance('NEWBURG', 'MAIN', 2) > 2);
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      const want = reference(a, b);
      const got = editDistance(a, b, max);
      return want <= max ? got === want : got > max;
    }),
    { seed: 11, numRuns: 3000 },
  );
});

test('startEditDistance: the nearest start of b within |a| ± max characters, from one table', () => {
  assert.equal(startEditDistance('NWEBUR', 'NEWBURG', 1), 1);
  assert.equal(startEditDistance('NEWB', 'NEWBURG', 1), 0);
  assert.ok(startEditDistance('NEWBURG', 'NEW', 1) > 1, 'a stored name shorter than the typed start');
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      let want = Number.POSITIVE_INFINITY;
      for (let len = Math.max(1, a.length - max); len <= Math.min(b.length, a.length + max); len++)
        want = Math.min(want, reference(a, b.slice(0, len)));
      const got = startEditDistance(a, b, max);
      return want <= max ? got === want : got > max;
    }),
    { seed: 12, numRuns: 3000 },
  );
});
