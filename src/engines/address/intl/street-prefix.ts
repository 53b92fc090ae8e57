/**
 * What the international autocomplete reads for what was typed: key ranges a store walks in
 * an ordered index. Outside the US and Canada a point's street line is its street name (one
 * range); US and Canadian street lines have parts ("N MAIN ST": direction, name, type), so
 * their ranges are those of the names such a line may have, checked against the line after.
 */
import { exactRange, type KeyRange, prefixRange } from '../complete/index.js';

export interface IntlPrefixPlan {
  /** `street`: keys are street names; `numberStreet`: "NUMBER STREET_NAME". */
  by: 'street' | 'numberStreet';
  /** Other countries' ranges. */
  world: KeyRange[];
  /** US and Canadian ranges (street names, or "NUMBER NAME"). */
  northAmerica: KeyRange[];
  /** What a US or Canadian street line must start with (undefined: any line). */
  line?: string;
}

/** Leading words of a US street line that are not its name: a direction and a prefix type at most. */
const LEADING_WORDS = 2;

/**
 * The names a US or Canadian street line starting with `typed` may have: the typed text with 0–2
 * leading words left out ("N MAIN" -> MAIN), as a name's start or, cut at a word ("MAIN ST"),
 * as a whole name.
 */
function northAmericanNames(typed: string): KeyRange[] {
  const words = typed.split(' ');
  const out = new Map<string, KeyRange>();
  for (let skip = 0; skip <= Math.min(LEADING_WORDS, words.length - 1); skip++) {
    const rest = words.slice(skip);
    const start = prefixRange(rest.join(' '));
    out.set(start.from + start.to, start);
    for (let n = 1; n < rest.length; n++) {
      const whole = exactRange(rest.slice(0, n).join(' '));
      out.set(whole.from + whole.to, whole);
    }
  }
  return [...out.values()];
}

const withNumber = (number: string, r: KeyRange): KeyRange => ({
  from: `${number} ${r.from}`,
  to: `${number} ${r.to}`,
});

/**
 * The plan for a typed number (complete when a street follows it, as in the standard
 * autocomplete: "22 BAKER" is number 22) and street start (upper case, single spaces).
 */
export function intlPrefixPlan(number: string | undefined, street: string): IntlPrefixPlan {
  if (number && !street)
    return { by: 'numberStreet', world: [prefixRange(number)], northAmerica: [prefixRange(number)] };
  const names = northAmericanNames(street);
  if (number)
    return {
      by: 'numberStreet',
      world: [prefixRange(`${number} ${street}`)],
      northAmerica: names.map((r) => withNumber(number, r)),
      line: street,
    };
  return { by: 'street', world: [prefixRange(street)], northAmerica: names, line: street };
}

/** The plan for streets found by their spelling (the typo fallback): exactly these names. */
export function intlNamedPlan(number: string | undefined, names: readonly string[]): IntlPrefixPlan {
  const ranges = names.map((name) => (number ? exactRange(`${number} ${name}`) : exactRange(name)));
  return { by: number ? 'numberStreet' : 'street', world: ranges, northAmerica: ranges };
}
