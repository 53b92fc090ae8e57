/**
 * Where the city starts when no comma sets it apart from the street: a known city or town
 * after a complete street, a guess from street types and units, a plain name closing a
 * numbered street, a large city after a bare street. -1 when none.
 */
import { isBuildingWord, isFirmWord } from '../tables/building-words.js';
import { province } from '../tables/canada.js';
import { CARE_OF } from '../tables/delivery-words.js';
import { PLACE_QUALIFIERS } from '../tables/place-words.js';
import { ROUTE_TAILS } from '../tables/route-words.js';
import { US_LARGE_CITIES } from '../tables/us-large-cities.js';
import type { Classified } from './classify.js';
import { cityEndingAt, isPlaceInState, townEndingAt } from './gazetteer.js';
import { type ParseState, spanKey } from './state.js';
import { streetEndGuess } from './street-end.js';
import { isUnitId, typedBeforeUnits } from './units.js';

/** The last segment before the state, postcode or country, where the city is looked for. */
export interface CityWindow {
  s: ParseState;
  tokens: Classified[];
  /** The city ends here (`s.end`). */
  end: number;
  /** Where the last comma segment starts. */
  segStart: number;
  region: Classified[];
  /** The US state read, if any. */
  stateCode?: string;
  /** A state, postcode or country was found after the city. */
  anchored: boolean;
}

export function cityInStreet(w: CityWindow): number {
  const { tokens, end, stateCode } = w;
  let start = knownCityStart(w);
  if (start < 0) start = guessedCityStart(w);
  if (start < 0) start = townAfterStreetStart(w);
  // "Lane", "North" and "Street" are towns too, but never right after a street.
  if (start >= 0 && !stateCode && tokens.slice(start, end).every((t) => t.suffix || t.dir)) start = -1;
  return directionalOpensTown(w, start);
}

/** A city or town the gazetteers know, after a complete street. */
function knownCityStart(w: CityWindow): number {
  const { s, tokens, end, segStart, region, stateCode } = w;
  const min = segStart + minStreetTokens(region);
  let start = cityEndingAt(tokens, min, end, stateCode);
  // Without a state to confirm it, a known city must follow a complete-looking street of two words or more.
  if (start >= 0 && !stateCode) {
    // Street words count from the house number ("Hayes Center 4859 S. Wabash": one word).
    const hn = region.findIndex((t) => t.houseNumber);
    const streetWords =
      hn > 0 ? start - (segStart + hn + 1) : start - segStart - (region[0].houseNumber ? 1 : 0);
    const typed = tokens.slice(segStart + 1, start - 1).some((t) => t.suffix || t.caType);
    // "... Street Unit B South Holland": a unit and its letter id end the street too.
    const afterUnitId = isUnitId(tokens[start - 1]) && !!tokens[start - 2]?.unit?.requiresId;
    if (streetWords < 2 || !(streetLooksComplete(tokens[start - 1], w.anchored || typed) || afterUnitId))
      start = -1;
  }
  // "12 Water St St. John's NL": a Canadian town after a complete street, no comma.
  const canadian = !stateCode && s.state && province(spanKey(tokens, s.state.start, s.state.end));
  if (start < 0 && canadian) {
    const town = townEndingAt(tokens, min, end, 'CA');
    if (town >= 0 && streetLooksComplete(tokens[town - 1], true)) start = town;
  }
  // A town that is not a ZIP's preferred city ("College Park GA"), after a complete street.
  if (start < 0 && stateCode) {
    const town = townEndingAt(tokens, min, end, `US-${stateCode}`);
    if (town >= 0 && (streetLooksComplete(tokens[town - 1], true) || nameAfterUnit(tokens, segStart, town)))
      start = town;
  }
  return start;
}

/**
 * Where the street plainly ends, with a state, or with only a ZIP when the line opens with
 * a number or box. "171 Auburn Ave 303 GA", "2 Galleria Tower 13455", "1210 IA 10 W IA": an
 * id, a building word or a lone directional is no town.
 */
function guessedCityStart({ s, tokens, end, segStart, region }: CityWindow): number {
  const usZip = s.postcode && /^\d{5}(-?\d{4})?$/.test(tokens[s.postcode.start].key);
  const numbered = region[0].houseNumber || region[0].cardinalWord || tokens[segStart].key === 'PO';
  if (!(s.state || (usZip && numbered))) return -1;
  const start = streetEndGuess(tokens, segStart, end);
  const guessed = tokens.slice(start, end);
  const lone = guessed.length === 1 ? guessed[0] : undefined;
  if (guessed.every((t) => t.hasDigit) || (lone && (isBuildingWord(lone.key) || lone.dir))) return -1;
  return start;
}

/**
 * With nothing after the line: "Jane Doe 410 Ridge Road Smallville" (a name may come before
 * the number, or before a comma), "N Fiske Ave Portland" (without a number too, after a
 * street of a name and a type), "5429 Woodlawn Chicago" (a large city after a number and a
 * one-word street, nothing else).
 */
function townAfterStreetStart({ tokens, end, segStart, region, anchored }: CityWindow): number {
  if (anchored || end !== tokens.length) return -1;
  const hn = region.findIndex((t) => t.hasDigit);
  const namedNumber = hn > 0 && region[hn].houseNumber && region.slice(0, hn).every((t) => !t.unit && !t.dir);
  const streetNumber = region[0].houseNumber || region[0].cardinalWord || namedNumber;
  const numberless =
    !CARE_OF.has(region[0].key) && region.every((t) => !t.hasDigit && !t.unit && !isFirmWord(t.key));
  const nameBefore = tokens.slice(0, segStart).every((t) => !t.hasDigit && !t.unit);
  let start = -1;
  if (nameBefore && (streetNumber || numberless))
    start = trailingTownAfterStreet(tokens, end, segStart + (streetNumber ? Math.max(hn, 0) + 3 : 2));
  if (start < 0 && segStart === 0 && region[0].houseNumber) start = largeCityAfterBareStreet(tokens, end);
  return start;
}

/**
 * "W 175th St East Hazel Crest IL": a directional after a complete street opens the town
 * when the state has a town of that longer name.
 */
function directionalOpensTown({ tokens, end, segStart, stateCode }: CityWindow, start: number): number {
  if (start - 2 <= segStart || !stateCode || !tokens[start - 1].dir) return start;
  if (splitDirectional(tokens[start - 2], tokens[start - 1])) return start;
  const afterStreet =
    streetLooksComplete(tokens[start - 2], false) ||
    (tokens[start - 2].dir && streetLooksComplete(tokens[start - 3], false)) ||
    // "2153 Wealthy S E E Grand Rapids": a post-directional written as two letters.
    (start - 3 > segStart && splitDirectional(tokens[start - 3], tokens[start - 2])) ||
    // "... Apt 5 E Grand Rapids": after a unit's id.
    (isUnitId(tokens[start - 2]) && !!tokens[start - 3]?.unit?.requiresId) ||
    (!!tokens[start - 2].unit?.isLevel && (tokens[start - 3]?.ordinal || tokens[start - 3]?.num));
  return afterStreet && isPlaceInState(tokens, start - 1, end, stateCode) ? start - 1 : start;
}

/**
 * "1755 Howard Street DesPlaines", "344 West 49th Street NYC": with nothing after it, one
 * or two plain words after a numbered, typed street are the town even when no gazetteer
 * knows it. Not a building ("... Dr Panorama Tower", "... Rd The Reed"), a unit or a box.
 */
function trailingTownAfterStreet(tokens: Classified[], end: number, minStart: number): number {
  for (const n of [1, 2]) {
    const start = end - n;
    // "410 Ridge Road Apt 5 Smallville": units may stand between.
    const typedAt = start >= 2 ? typedBeforeUnits(tokens, 1, start) : -1;
    const typed = tokens[typedAt];
    // A name before the type: not "5500 N. St. Louis".
    if (start < minStart || !typed || !(typed.suffix || typed.caType) || tokens[typedAt - 1]?.dir) continue;
    const words = tokens.slice(start, end);
    // Not a short code ("4315 Webster Avenue LH" is a unit).
    const plain = words.every(
      (t) => !t.hasDigit && !t.unit && !t.suffix && !t.caType && !t.dir && !t.connector && t.key.length >= 3,
    );
    if (plain && !isBuildingWord(tokens[start].key) && !isBuildingWord(tokens[end - 1].key)) return start;
  }
  return -1;
}

/**
 * "5429 woodlawn chicago", "132 n 10 Brooklyn": a house number, a street of one word (a
 * directional may come first) with no type, then one of the large cities people write
 * without a state; where the city starts, or -1. One word only: a longer untyped name may
 * end in a city's name ("Martin Luther King"). "310 Sam Houston" reads as Sam street in
 * Houston; such streets are written with their type.
 */
function largeCityAfterBareStreet(tokens: Classified[], end: number): number {
  for (let start = Math.max(2, end - 3); start < end; start++) {
    if (!US_LARGE_CITIES.has(spanKey(tokens, start, end).replace(/^ST /, 'SAINT '))) continue;
    const name = tokens[start - 1];
    if (start > 3 || (start === 3 && !tokens[1].dir)) return -1;
    const typed = name.suffix || name.caType || name.intlPrefix || name.intlSuffix;
    const word = name.hasDigit || (name.key.length >= 3 && !PLACE_QUALIFIERS.has(name.key));
    return word && !typed && !name.dir && !name.unit && !name.connector ? start : -1;
  }
  return -1;
}

/** "Sligh Blvd N E": a post-directional written as two letters. */
function splitDirectional(a: Classified, b: Classified): boolean {
  return /^[NS]$/.test(a.key) && /^[EW]$/.test(b.key);
}

/** The token before a town ends a complete street: a type, or with an anchor a directional, id, unit or route tail. */
function streetLooksComplete(before: Classified | undefined, anchored: unknown): boolean {
  if (!before) return false;
  if (before.suffix || before.caType) return true;
  // Without an anchor or an earlier street type, "500 South Central" must stay a street;
  // "3991 Royal Drive NW Kennesaw" and "... Drive Second Floor Nashville" may end in a town.
  return !!anchored && (!!before.dir || before.hasDigit || !!before.unit || ROUTE_TAILS.has(before.key));
}

/** "... Suite 28 Reference Division | Miramar": plain words after a unit and its id end here. */
function nameAfterUnit(tokens: Classified[], lo: number, end: number): boolean {
  let k = end - 1;
  while (k > lo && !tokens[k].hasDigit && !tokens[k].unit && !tokens[k].suffix) k--;
  return k < end - 1 && k - 1 > lo && tokens[k].hasDigit && !!tokens[k - 1].unit?.requiresId;
}

/** A city must leave at least a number and one street word in front of it. */
function minStreetTokens(region: Classified[]): number {
  if (region.length === 0) return 0;
  return region[0].houseNumber || region[0].cardinalWord ? 2 : 1;
}
