/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), giving up
 * as soon as it must exceed `max`: typed street names differ by a slip or two, and most
 * comparisons are against names that are nothing alike.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Typos allowed for a name of this length: none below 4 letters (too many short names are one slip apart). */
export function typoBudget(name: string): number {
  if (name.length < 4) return 0;
  return name.length < 8 ? 1 : 2;
}
