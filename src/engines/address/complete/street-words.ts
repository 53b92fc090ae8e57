import { CANADA_STREET_TYPES, canadaStreetType } from '../tables/canada.js';
import { DIRECTIONALS, directional } from '../tables/directionals.js';
import { USPS_SUFFIXES, uspsSuffix } from '../tables/usps-street-suffixes.js';
import { UNIT_DESIGNATORS, unitDesignator } from '../tables/usps-unit-designators.js';
import { editDistance } from '../verify/edit-distance.js';

/**
 * The small words around a street name as someone types them: street types, directions and
 * unit designators, each with every spelling of its standard form, so a half-typed word
 * ("AV", "NORT") can be matched against a stored abbreviation ("AVE", "N").
 */

function spellingsBy(entries: Iterable<[string, string]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [spelling, standard] of entries) {
    const list = out.get(standard) ?? [standard];
    if (!list.includes(spelling)) list.push(spelling);
    out.set(standard, list);
  }
  return out;
}

const TYPE_SPELLINGS = spellingsBy([
  ...[...USPS_SUFFIXES].map(([w, e]): [string, string] => [w, e.abbr]),
  ...CANADA_STREET_TYPES.flatMap(
    (t): Array<[string, string]> => [
      [t.full, t.abbr],
      [t.abbr, t.abbr],
    ],
  ),
]);
const DIRECTION_SPELLINGS = spellingsBy(
  [...DIRECTIONALS].flatMap(
    ([w, d]): Array<[string, string]> => [
      [w, d.abbr],
      [w, d.abbr.replace('O', 'W')],
    ],
  ),
);
const DESIGNATOR_SPELLINGS = spellingsBy(
  [...UNIT_DESIGNATORS].map(([w, u]): [string, string] => [w, u.abbr]),
);

/** Full suffix words of five letters or more: a typo in one of these is still recognisable. */
const LONG_TYPE_WORDS = [...new Set([...USPS_SUFFIXES.values()].map((s) => s.full))].filter(
  (w) => w.length >= 5,
);

/** Standard abbreviations a complete word may stand for as a street type (USPS, then Canada Post). */
export function streetTypesOf(word: string): string[] {
  return [...new Set([uspsSuffix(word)?.abbr, canadaStreetType(word)?.abbr])].filter((x): x is string => !!x);
}

/** A complete word one slip from a long street-type word ("RAOD" is not, "AVENEU" is): its abbreviation. */
export function misspeltStreetType(word: string): string | undefined {
  if (word.length < 5) return undefined;
  const near = LONG_TYPE_WORDS.find((w) => editDistance(word, w, 1) === 1);
  return near ? uspsSuffix(near)?.abbr : undefined;
}

/** The standard directions a complete word may be: "NORTH" -> N; French "O" also as W. */
export function directionsOf(word: string): string[] {
  const d = directional(word);
  if (!d) return [];
  return d.abbr.includes('O') ? [d.abbr, d.abbr.replace('O', 'W')] : [d.abbr];
}

export function designatorOf(word: string): string | undefined {
  return word === '#' ? '#' : unitDesignator(word)?.abbr;
}

const starts = (spellings: string[] | undefined, partial: string) =>
  !!spellings?.some((s) => s.startsWith(partial));

/** Whether a half-typed word can be the start of this stored value (all upper case). */
export const partialOf = {
  type: (stored: string, partial: string) => starts(TYPE_SPELLINGS.get(stored) ?? [stored], partial),
  direction: (stored: string, partial: string) =>
    starts(DIRECTION_SPELLINGS.get(stored) ?? [stored], partial),
  designator: (stored: string, partial: string) =>
    partial === '#' || starts(DESIGNATOR_SPELLINGS.get(stored) ?? [stored], partial),
};

/** Words that come before a street's name in the source's form: "HWY 42", "AVENUE OF THE AMERICAS", "RUE SAINT-DENIS". */
const ROUTE_WORDS: Record<string, string> = {
  HWY: 'HIGHWAY',
  RTE: 'ROUTE',
  RT: 'ROUTE',
  SR: 'STATE',
  CR: 'COUNTY',
  CO: 'COUNTY',
  CNTY: 'COUNTY',
};

/** The first word of a stored pre-type this typed word stands for ("HWY" -> HIGHWAY), if it can be one. */
export function preTypeWord(word: string): string | undefined {
  if (ROUTE_WORDS[word]) return ROUTE_WORDS[word];
  const usps = uspsSuffix(word);
  if (usps) return usps.full;
  const canada = canadaStreetType(word);
  return canada ? canada.full : undefined;
}
