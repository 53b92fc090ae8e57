/** Rows of the distance table, reused across calls: the typo search compares thousands of names per input. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), exact when
 * it is at most `max`, else some value above `max`: typed street names differ by a slip or
 * two, and most comparisons are against names that are nothing alike. Only the diagonal band
 * |i - j| <= max is computed (a cell outside it costs more than `max` already), and the
 * work stops as soon as a whole row exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  return osa(a, b, max, false);
}

/**
 * The same distance from `a` to the nearest start of `b` (its first |a| ± max characters): a
 * word still being typed against a stored one. One table serves every start, as its last row
 * holds the distance to each of them.
 */
export function startEditDistance(a: string, b: string, max: number): number {
  return osa(a, b, max, true);
}

function osa(a: string, b: string, max: number, toStart: boolean): number {
  const over = max + 1;
  const bLength = toStart ? Math.min(b.length, a.length + max) : b.length;
  if (toStart ? bLength < a.length - max : Math.abs(a.length - bLength) > max) return over;
  const width = bLength + 1;
  if (rows[0].length < width + 1) rows = rows.map(() => new Int32Array((width + 1) * 2));
  let [prev2, prev, row] = rows;
  for (let j = 0; j < width; j++) prev[j] = j <= max ? j : over;
  prev[width] = over;
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    const lo = Math.max(1, i - max);
    const hi = Math.min(bLength, i + max);
    row[0] = i <= max ? i : over;
    row[lo - 1] = lo === 1 ? row[0] : over; // left of the band
    let best = row[0];
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = prev[j - 1] + (ca === cb ? 0 : 1);
      if (prev[j] + 1 < d) d = prev[j] + 1;
      if (row[j - 1] + 1 < d) d = row[j - 1] + 1;
      if (j > 1 && ca === b.charCodeAt(j - 2) && caBefore === cb && prev2[j - 2] + 1 < d)
        d = prev2[j - 2] + 1;
      row[j] = d;
      if (d < best) best = d;
    }
    row[hi + 1] = over; // right of the band, read by the next row
    if (best > max) return over;
    const oldest = prev2;
    prev2 = prev;
    prev = row;
    row = oldest;
  }
  if (!toStart) return prev[bLength] > max ? over : prev[bLength];
  let best = over;
  for (let j = Math.max(1, a.length - max); j <= bLength; j++) if (prev[j] < best) best = prev[j];
  return best;
}

/** Typos allowed for a name of this length: none below 4 letters (too many short names are one slip apart). */
export function typoBudget(name: string): number {
  if (name.length < 4) return 0;
  return name.length < 8 ? 1 : 2;
}
