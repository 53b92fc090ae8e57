import { rangePosition } from '../geocode/range-position.js';
import { numberKey, type ReferencePoint, type StreetForm } from '../verify/reference-point.js';
import {
  rangeHigh,
  rangeLow,
  rangeNumber,
  rangeNumberText,
  type StreetRange,
} from '../verify/street-range.js';
import type { TypedWord } from './partial-street.js';

/**
 * Which house numbers a completion asks of the street ranges (docs/autocomplete.md, "Street
 * ranges"): a range holds no buildings, only numbers the Census holds possible, so a range
 * completion is a number of it that fits what was typed.
 */
export interface RangeWant {
  /** The ranges' hyphenated prefix ("68-"; '' for plain numbers); undefined: any (no number typed). */
  prefix?: string;
  /** Ascending, disjoint [low, high] spans of the numbers' values (the part after the prefix). */
  spans: Array<[number, number]>;
}

/** The largest value a range end can have (addrfeat.ts reads at most nine digits). */
export const MAX_RANGE_VALUE = 999_999_999;
/**
 * Numbers offered from one range side at most: its smallest that fit, as many as the list holds
 * up to this (a street of one block fills a list; the ranking then orders them).
 */
export const NUMBERS_PER_RANGE = 10;

const PARTIAL = /^(\d+-)?(\d*)$/;

/**
 * What the typed number asks of the ranges: nothing typed, any number; a complete number,
 * exactly it; a number still being typed, every number starting with it ("12": 12, 120-129,
 * 1200-1299...). Undefined when no range number can fit (letters, a fraction).
 */
export function rangeWant(number: TypedWord | undefined): RangeWant | undefined {
  if (!number) return { spans: [[0, MAX_RANGE_VALUE]] };
  const key = numberKey(number.text);
  if (!number.partial) {
    const n = rangeNumber(key);
    return n ? { prefix: n.prefix, spans: [[n.value, n.value]] } : undefined;
  }
  const m = PARTIAL.exec(key);
  if (!m) return undefined;
  const prefix = m[1] ?? '';
  const spans = m[2] ? startingWith(m[2], prefix !== '') : [[0, MAX_RANGE_VALUE] as [number, number]];
  return spans.length ? { prefix, spans } : undefined;
}

/**
 * The spans of values whose text starts with `digits`. A hyphenated range writes its values with
 * two digits at least ("68-01"), so there a lone digit is no value of its own and a leading zero
 * is part of the text.
 */
function startingWith(digits: string, padded: boolean): Array<[number, number]> {
  const base = Number(digits);
  if (digits.startsWith('0')) {
    if (!padded) return digits === '0' ? [[0, 0]] : [];
    if (digits.length === 1) return [[0, 9]];
    return digits.length === 2 ? [[base, base]] : [];
  }
  const spans: Array<[number, number]> = [];
  for (let scale = 1; base * scale <= MAX_RANGE_VALUE; scale *= 10) {
    if (padded && scale === 1 && digits.length === 1) continue;
    spans.push([base * scale, Math.min(MAX_RANGE_VALUE, (base + 1) * scale - 1)]);
  }
  return spans;
}

/** The smallest `take` numbers of the range that the want admits: its prefix, a span, its parity. */
export function numbersInRange(
  range: StreetRange,
  want: RangeWant,
  take = NUMBERS_PER_RANGE,
): Array<{ text: string; value: number }> {
  if (want.prefix !== undefined && want.prefix !== range.prefix) return [];
  const low = rangeLow(range);
  const high = rangeHigh(range);
  const step = range.parity === 'B' ? 1 : 2;
  const out: Array<{ text: string; value: number }> = [];
  for (const [a, b] of want.spans) {
    let v = Math.max(a, low);
    const end = Math.min(b, high);
    if (range.parity !== 'B' && (v % 2 === 0) !== (range.parity === 'E')) v++;
    for (; v <= end && out.length < take; v += step)
      out.push({ text: rangeNumberText(range.prefix, v), value: v });
    if (out.length >= take) break;
  }
  return out;
}

/**
 * A side range as autocomplete's store reads it: the range with its street and area. `street` is
 * the name it was read under; for an alternate name (ADDRFN), `primary` is the range's own.
 */
export interface RangeSide {
  zip: string;
  state: string;
  city: string;
  street: StreetForm;
  primary?: StreetForm;
  range: StreetRange;
}

/**
 * A candidate address: a reference point, or a number a range holds (`range` set; `primary` when
 * it is offered under an alternate name).
 */
export type Candidate = ReferencePoint & { range?: StreetRange; primary?: StreetForm };

/** The addresses the ranges make for the want, each placed by interpolation along its segment. */
export function rangeCandidates(
  sides: readonly RangeSide[],
  want: RangeWant | undefined,
  take = NUMBERS_PER_RANGE,
): Candidate[] {
  if (!want) return [];
  const out: Candidate[] = [];
  for (const side of sides)
    for (const n of numbersInRange(side.range, want, Math.min(take, NUMBERS_PER_RANGE))) {
      const at = rangePosition(side.range, { prefix: side.range.prefix, value: n.value });
      out.push({
        zip: side.zip,
        state: side.state,
        city: side.city,
        number: n.text,
        street: side.street,
        lat: at.lat,
        lon: at.lon,
        range: side.range,
        ...(side.primary ? { primary: side.primary } : {}),
      });
    }
  return out;
}
