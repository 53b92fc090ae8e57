import { typoBudget } from '../verify/edit-distance.js';
import { unitKey } from '../verify/reference-point.js';
import type { PartialStreet } from './partial-street.js';

/**
 * A run of keys in byte order: [from, to). A typed prefix is one such run, so a store can
 * answer it by walking an ordered index, with no pattern matching.
 */
export interface KeyRange {
  from: string;
  to: string;
  /** Only points whose unit id (without spaces or dashes) starts with this. */
  unit?: string;
}

/**
 * What to read for a partial street. First the points whose key starts as typed; only when
 * there are none, the fallback: streets whose name starts as typed or is a few typos
 * away, and on them the typed number (or, for a complete number, any point: the street is
 * then offered with the typed number, unconfirmed).
 */
export interface SearchPlan {
  /** `numberStreet`: keys are "NUMBER STREET_NAME"; `street`: keys are the street name. */
  by: 'numberStreet' | 'street';
  ranges: KeyRange[];
  /**
   * The same search split for a store that reads ZIP by ZIP (a narrow filter): street-name
   * ranges (empty when only a number was typed) and the house numbers wanted.
   */
  split: { names: KeyRange[]; number?: KeyRange };
  fallback?: {
    /** Name prefixes (or exact names) to look up among the known street names. */
    names: KeyRange[];
    /** Typed names to look up by similarity (typos). */
    typos: string[];
    /** The house numbers to read on those streets; absent: any. */
    number?: KeyRange;
    /** Also read points of those streets whatever their number (a complete number typed). */
    streetLevel: boolean;
  };
}

/**
 * Every key starting with `prefix` (byte order: the next key after the prefix's last char). A
 * last U+FFFF has no next char (it would wrap to NUL, which PostgreSQL refuses in text), so
 * the char before it is the one moved on; a prefix of nothing else ends its range at U+FFFF
 * repeated, past any key an address has.
 */
export function prefixRange(prefix: string, unit?: string): KeyRange {
  const stem = prefix.replace(/\uffff+$/, '');
  const to = stem
    ? stem.slice(0, -1) + String.fromCharCode(stem.charCodeAt(stem.length - 1) + 1)
    : '\uffff'.repeat(prefix.length + 1);
  return { from: prefix, to, ...(unit ? { unit } : {}) };
}

/** Exactly `key` (nothing sorts between a key and the key followed by \u0001). */
export function exactRange(key: string, unit?: string): KeyRange {
  return { from: key, to: `${key}\u0001`, ...(unit ? { unit } : {}) };
}

const distinct = (ranges: KeyRange[]) => [
  ...new Map(ranges.map((r) => [`${r.from}\u0000${r.to}\u0000${r.unit ?? ''}`, r])).values(),
];

/** The plan for a partial street, or undefined when nothing searchable was typed. */
export function searchPlan(typed: PartialStreet): SearchPlan | undefined {
  const { number, readings } = typed;
  if (!number && !readings.length) return undefined;
  const unitOf = (r: (typeof readings)[number]) => (r.tail.unitId ? unitKey(r.tail.unitId.text) : undefined);
  const numberRange = number && (number.partial ? prefixRange(number.text) : exactRange(number.text));
  if (number && (number.partial || !readings.length))
    return {
      by: 'numberStreet',
      ranges: [prefixRange(number.partial ? number.text : `${number.text} `)],
      split: { names: [], number: numberRange },
    };
  const keyOf = (name: string) => (number ? `${number.text} ${name}` : name);
  const ranges = distinct(
    readings.map((r) =>
      r.open ? prefixRange(keyOf(r.name), unitOf(r)) : exactRange(keyOf(r.name), unitOf(r)),
    ),
  );
  const names = distinct(readings.map((r) => (r.open ? prefixRange(r.name) : exactRange(r.name))));
  // A half-typed word after a name ("ELLOITT AV") only lowers its similarity to the real
  // name: the typo search uses the whole words.
  const typoTerm = (r: (typeof readings)[number]) =>
    r.open && typed.midWord && r.name.includes(' ') ? r.name.slice(0, r.name.lastIndexOf(' ')) : r.name;
  const typos = [...new Set(readings.map(typoTerm))].filter((n) => typoBudget(n) > 0);
  // Below three letters every street is a candidate: the prefix answer is all there is.
  const longest = Math.max(...readings.map((r) => r.name.length));
  const split = {
    names: distinct(
      readings.map((r) => (r.open ? prefixRange(r.name, unitOf(r)) : exactRange(r.name, unitOf(r)))),
    ),
    ...(numberRange ? { number: numberRange } : {}),
  };
  return {
    by: number ? 'numberStreet' : 'street',
    ranges,
    split,
    ...(longest >= 3
      ? {
          fallback: {
            names,
            typos,
            ...(number ? { number: exactRange(number.text) } : {}),
            streetLevel: !!number,
          },
        }
      : {}),
  };
}
