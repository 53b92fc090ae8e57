/**
 * One side of a street segment's address range (TIGER/Line ADDRFEAT: LFROMHN-LTOHN on the left,
 * RFROMHN-RTOHN on the right), as the verifier reads it. A range says which house numbers the
 * Census Bureau holds possible on that side of that stretch of street, not that any building
 * has one: a number inside it is a street-level match, never a confirmed premise.
 */
export interface StreetRange {
  /** '' for plain numbers; a hyphenated (Queens-style) range's first part with its hyphen: "101-". */
  prefix: string;
  /** The numbers at the line's start and its end, as the file gives them (from may exceed to). */
  from: number;
  to: number;
  /** E even numbers, O odd, B both. */
  parity: 'E' | 'O' | 'B';
  /** L the left side walking the line from its start, R the right. */
  side: 'L' | 'R';
  zip: string;
  state: string;
  /** The segment's line from its start: [x0, y0, x1, y1...], degrees x 1e7. */
  line: Int32Array;
  /** The side's ZIP+4 add-on (ADDRFEAT PLUS4L/PLUS4R, four digits) where the file gives one. */
  plus4?: string;
}

/** A house number as ranges compare it: "1520" -> ('', 1520); "101-15" -> ('101-', 15). */
export interface RangeNumber {
  prefix: string;
  value: number;
}

const PLAIN = /^(\d+-)?(\d{1,9})$/;

/** The number (a numberKey: upper case, no spaces) as ranges read it, or undefined (letters, fractions). */
export function rangeNumber(key: string): RangeNumber | undefined {
  const m = PLAIN.exec(key);
  return m ? { prefix: m[1] ?? '', value: Number(m[2]) } : undefined;
}

/** A range's value as the address writes it: "1520"; after a hyphen at least two digits, "101-05". */
export const rangeNumberText = (prefix: string, value: number) =>
  prefix ? `${prefix}${String(value).padStart(2, '0')}` : String(value);

export const rangeLow = (r: StreetRange) => Math.min(r.from, r.to);
export const rangeHigh = (r: StreetRange) => Math.max(r.from, r.to);

/** Whether the range holds the number: same prefix, between its ends, of its parity. */
export function rangeHolds(r: StreetRange, n: RangeNumber): boolean {
  if (r.prefix !== n.prefix || n.value < rangeLow(r) || n.value > rangeHigh(r)) return false;
  return r.parity === 'B' || (r.parity === 'E') === (n.value % 2 === 0);
}

/**
 * The range of a street holding a house number (a numberKey), or undefined: a range of the
 * number's own parity before one of both parities, then the first in the street's order.
 */
export function rangeAt(ranges: readonly StreetRange[], key: string): StreetRange | undefined {
  const n = rangeNumber(key);
  if (!n) return undefined;
  let both: StreetRange | undefined;
  for (const r of ranges)
    if (rangeHolds(r, n)) {
      if (r.parity !== 'B') return r;
      both ??= r;
    }
  return both;
}

/**
 * The numbers of the ranges nearest a house number (suggestions): in each range, the number of
 * its parity closest to the target; the nearest first, at most `limit` distinct numbers.
 */
export function nearestInRanges(
  ranges: readonly StreetRange[],
  target: RangeNumber,
  limit: number,
): Array<{ number: string; range: StreetRange; gap: number }> {
  const found = new Map<string, { number: string; range: StreetRange; gap: number }>();
  for (const r of ranges) {
    if (r.prefix !== target.prefix) continue;
    const low = rangeLow(r);
    const high = rangeHigh(r);
    const clamped = Math.min(high, Math.max(low, target.value));
    const candidates = r.parity === 'B' ? [clamped] : [clamped, clamped - 1, clamped + 1];
    for (const v of candidates) {
      if (v < low || v > high || !rangeHolds(r, { prefix: r.prefix, value: v })) continue;
      const number = rangeNumberText(r.prefix, v);
      const gap = Math.abs(v - target.value);
      const seen = found.get(number);
      if (!seen || gap < seen.gap) found.set(number, { number, range: r, gap });
      break;
    }
  }
  return [...found.values()]
    .sort((a, b) => a.gap - b.gap || a.number.localeCompare(b.number))
    .slice(0, limit);
}
