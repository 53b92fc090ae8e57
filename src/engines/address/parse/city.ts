/**
 * Stage: the city before the state/postcode - a whole comma segment when there is one,
 * else a known city name ending there, else where the street plainly ends.
 */
import { isBuildingWord, isFirmWord } from '../tables/building-words.js';
import { province } from '../tables/canada.js';
import { CARE_OF, MILITARY_PO, MILITARY_STATES } from '../tables/delivery-words.js';
import { COUNTY_WORDS, PLACE_QUALIFIERS } from '../tables/place-words.js';
import { ROUTE_TAILS } from '../tables/street-words.js';
import { US_LARGE_CITIES } from '../tables/us-large-cities.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { cityEndingAt, isPlaceInState, townEndingAt } from './gazetteer.js';
import { postcodeEndingAt } from './postcodes.js';
import { type ParseState, spanKey, spanText } from './state.js';
import { streetEndGuess } from './street-end.js';
import { isUnitId, typedBeforeUnits } from './units.js';

export function findCity(s: ParseState): void {
  const { tokens } = s;
  if (s.city || s.end === 0) return;
  const anchored = s.state || s.postcode || s.country;
  const end = s.end;
  const seg = tokens[end - 1].seg;
  let segStart = end - 1;
  while (segStart > 0 && tokens[segStart - 1].seg === seg) segStart--;
  const stateCode = s.state ? usState(spanKey(tokens, s.state.start, s.state.end))?.code : undefined;
  // "USS Nimitz FPO AP 96620": the military post office alone is the city.
  if (stateCode && MILITARY_STATES.has(stateCode) && MILITARY_PO.has(tokens[end - 1].key)) {
    s.city = { start: end - 1, end };
    s.end = end - 1;
    return;
  }
  const region = tokens.slice(segStart, end);
  // "…, 106, 21840, Mexicali, Baja California": abroad, a postcode alone in the segment
  // before the town's.
  if (!s.postcode && segStart > 1 && s.detail.countryCode && s.detail.countryCode !== 'US') {
    const pc = tokens[segStart - 1];
    const alone = tokens[segStart - 2].seg !== pc.seg;
    if (alone && /^\d{4,6}$/.test(pc.key) && region.every((t) => !t.hasDigit && !t.unit)) {
      s.postcode = { start: segStart - 1, end: segStart };
      s.city = { start: segStart, end };
      s.end = segStart - 1;
      return;
    }
  }
  // "6000, NSW, Australia", "90210, CA": a postcode alone before the state.
  if (!s.postcode && s.state && region.length === 1) {
    const pc = postcodeEndingAt(tokens, end);
    if (pc?.length === 1 && /^\d{4,5}$/.test(region[0].key)) {
      s.postcode = { start: end - 1, end };
      s.end = end - 1;
      return;
    }
  }
  const clean = region.every((t) => !t.hasDigit) && !(region[0].unit && !region[0].suffix);
  // "North Bend", "Lake Park": street words only, unless the state has a place of that name.
  // "The Blvd" is a street too.
  const onlyStreetWords =
    region.every((t, k) => t.suffix || t.dir || (k === 0 && t.key === 'THE' && region.length > 1)) &&
    !(stateCode && isPlaceInState(tokens, segStart, end, stateCode));
  if (anchored && segStart > 0 && clean && !onlyStreetWords && countyBeforePostcode(s, segStart, end)) return;
  if (stateCode && countyAfterCity(s, segStart, end, stateCode)) return;
  // "4411 Stone Way N Seattle, King County, WA": a US county in its own segment before the
  // state is the state district; the town is found before it.
  if (
    stateCode &&
    segStart > 0 &&
    clean &&
    region.length >= 2 &&
    COUNTY_WORDS.has(region[region.length - 1].key)
  ) {
    s.detail.fields.stateDistrict = spanText(tokens, { start: segStart, end });
    s.end = segStart;
    findCity(s);
    return;
  }
  if (anchored && segStart > 0 && clean && !onlyStreetWords) {
    // "Bolton Road, NW Atlanta": a two-letter directional opening the city ends the street.
    const first = tokens[segStart];
    const carry = first.dir && first.dir.abbr.length === 2 && end - segStart > 1 ? 1 : 0;
    // "…, 14th flr, L & C Twr Div of Fiscal Services Nashville TN": a name of two words or
    // more before a known city of the state, in a segment that is no place as a whole.
    // "Unit K, L Cedar Rapids IA": a lone letter before a town of the state is a unit's id.
    const letter =
      first.letter && !first.dir && stateCode && isPlaceInState(tokens, segStart + 1, end, stateCode);
    const named = letter
      ? segStart + 1
      : stateCode && !carry
        ? nameBeforeCity(tokens, segStart, end, stateCode, 2)
        : segStart;
    s.city = { start: named + carry, end };
    s.end = segStart + carry;
    if (named > segStart) s.end = named;
    return;
  }
  // "S Wacker Dr 60606": words ending in a street type before a postcode are the street.
  const endsTyped =
    region.length >= 2 && (region[region.length - 1].suffix || region[region.length - 1].caType);
  // "Eight Mile Plains 4113": a known town may end in a street word.
  const typedTown = endsTyped && !s.state && townEndingAt(tokens, 0, end, s.detail.countryCode) !== 0;
  // "Universal Studios Japan": with only a foreign country after it, a name that is no town
  // of that country is a place, not the city.
  const cc = s.detail.countryCode;
  const foreignOnly = !!s.country && !s.postcode && !s.state && !!cc && cc !== 'US' && cc !== 'CA';
  const placeName = foreignOnly && region.length >= 2 && townEndingAt(tokens, 0, end, cc) !== 0;
  if (anchored && segStart === 0 && clean && !region.some(isStreetWord) && !typedTown && !placeName) {
    // "Budd Insurance Agency Coldwater MI", "PAC St. Louis MO": a name before a known city.
    // "Buckingham Palace London SW1A 1AA": abroad, a place's name before a town of the country.
    const foreignTown = !stateCode && cc && cc !== 'US' && townEndingAt(tokens, 0, end, cc) !== 0;
    const abroadNamed = foreignTown ? Math.max(townEndingAt(tokens, 2, end, cc), 0) : 0;
    const named = stateCode ? nameBeforeCity(tokens, 0, end, stateCode, 1) : abroadNamed;
    s.city = { start: named, end };
    s.end = named;
    return;
  }
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
    if (streetWords < 2 || !(streetLooksComplete(tokens[start - 1], anchored || typed) || afterUnitId))
      start = -1;
  }
  // "12 Water St St. John's NL": a Canadian town after a complete street, no comma.
  const canadian = !stateCode && s.state && province(spanKey(tokens, s.state.start, s.state.end));
  if (start < 0 && canadian) {
    const town = townEndingAt(tokens, min, end, 'CA');
    if (town >= 0 && streetLooksComplete(tokens[town - 1], true)) start = town;
  }
  const usZip = s.postcode && /^\d{5}(-?\d{4})?$/.test(tokens[s.postcode.start].key);
  // A town that is not a ZIP's preferred city ("College Park GA"), after a complete street.
  if (start < 0 && stateCode) {
    const town = townEndingAt(tokens, min, end, `US-${stateCode}`);
    if (town >= 0 && (streetLooksComplete(tokens[town - 1], true) || nameAfterUnit(tokens, segStart, town)))
      start = town;
  }
  // With only a ZIP, guess the street's end only when the line opens with a number or box.
  const numbered = region[0].houseNumber || region[0].cardinalWord || tokens[segStart].key === 'PO';
  if (start < 0 && (s.state || (usZip && numbered))) {
    start = streetEndGuess(tokens, segStart, end);
    // "171 Auburn Ave 303 GA", "2 Galleria Tower 13455", "1210 IA 10 W IA": an id, a building
    // word or a lone directional is no town.
    const guessed = tokens.slice(start, end);
    const lone = guessed.length === 1 ? guessed[0] : undefined;
    if (guessed.every((t) => t.hasDigit) || (lone && (isBuildingWord(lone.key) || lone.dir))) start = -1;
  }
  // "Jane Doe 410 Ridge Road Smallville": a name may come before the number.
  const hn = region.findIndex((t) => t.hasDigit);
  const namedNumber = hn > 0 && region[hn].houseNumber && region.slice(0, hn).every((t) => !t.unit && !t.dir);
  const streetNumber = region[0].houseNumber || region[0].cardinalWord || namedNumber;
  // "N Fiske Ave Portland": without a number too, after a street of a name and a type.
  const numberless =
    !CARE_OF.has(region[0].key) && region.every((t) => !t.hasDigit && !t.unit && !isFirmWord(t.key));
  // After a comma too, when only a name comes before ("Jane Doe, 410 Ridge Road Smallville").
  const nameBefore = tokens.slice(0, segStart).every((t) => !t.hasDigit && !t.unit);
  if (start < 0 && !anchored && nameBefore && end === tokens.length && (streetNumber || numberless))
    start = trailingTownAfterStreet(tokens, end, segStart + (streetNumber ? Math.max(hn, 0) + 3 : 2));
  // "5429 Woodlawn Chicago": a large city after a number and a one-word street, nothing else.
  if (start < 0 && !anchored && segStart === 0 && end === tokens.length && region[0].houseNumber)
    start = largeCityAfterBareStreet(tokens, end);
  // "Lane", "North" and "Street" are towns too, but never right after a street.
  if (start >= 0 && !stateCode && tokens.slice(start, end).every((t) => t.suffix || t.dir)) start = -1;
  // "W 175th St East Hazel Crest IL": a directional after a complete street opens the town
  // when the state has a town of that longer name.
  if (
    start - 2 > segStart &&
    stateCode &&
    tokens[start - 1].dir &&
    !splitDirectional(tokens[start - 2], tokens[start - 1]) &&
    (streetLooksComplete(tokens[start - 2], false) ||
      (tokens[start - 2].dir && streetLooksComplete(tokens[start - 3], false)) ||
      // "2153 Wealthy S E E Grand Rapids": a post-directional written as two letters.
      (start - 3 > segStart && splitDirectional(tokens[start - 3], tokens[start - 2])) ||
      // "... Apt 5 E Grand Rapids": after a unit's id.
      (isUnitId(tokens[start - 2]) && !!tokens[start - 3]?.unit?.requiresId) ||
      (!!tokens[start - 2].unit?.isLevel && (tokens[start - 3]?.ordinal || tokens[start - 3]?.num))) &&
    isPlaceInState(tokens, start - 1, end, stateCode)
  )
    start--;
  if (start >= segStart && start < end) {
    s.city = { start, end };
    s.end = start;
  }
}

/**
 * "Liverpool, Merseyside L3 4EN", "Knutsford, Cheshire East WA16 9EX": outside the US the
 * words before the postcode may be a county. When they are not a town of the country but
 * the segment before them is, that segment is the town and the county is `stateDistrict`.
 */
function countyBeforePostcode(s: ParseState, segStart: number, end: number): boolean {
  const { tokens } = s;
  const cc = s.detail.countryCode;
  if (!cc || cc === 'US' || cc === 'CA' || !s.postcode) return false;
  if (townEndingAt(tokens, segStart, end, cc) === segStart) return false;
  const prevEnd = segStart;
  let prevStart = prevEnd - 1;
  while (prevStart > 0 && tokens[prevStart - 1].seg === tokens[prevEnd - 1].seg) prevStart--;
  const prev = tokens.slice(prevStart, prevEnd);
  // "1 Riverside Dr Liverpool, Merseyside L3 4EN": the town may close the street's segment.
  const town = townEndingAt(tokens, prevStart, prevEnd, cc);
  const afterStreet = town > prevStart && (tokens[town - 1].suffix || tokens[town - 1].caType);
  if (afterStreet) prevStart = town;
  else if (prev.some((t) => t.hasDigit || t.suffix) || town !== prevStart) return false;
  s.detail.fields.stateDistrict = spanText(tokens, { start: segStart, end });
  s.city = { start: prevStart, end: prevEnd };
  s.end = prevStart;
  return true;
}

/**
 * Where a known city of the state starts when at least `minName` words that are not part
 * of it come first, in a run [lo, end) of three words or more that is not a place as a
 * whole; else `lo`.
 */
function nameBeforeCity(
  tokens: Classified[],
  lo: number,
  end: number,
  stateCode: string,
  minName: number,
): number {
  if (end - lo < 3 || isPlaceInState(tokens, lo, end, stateCode)) return lo;
  let start = cityEndingAt(tokens, lo + minName, end, stateCode);
  // "Quaker Bridge Mall Lawrenceville NJ": a town the ZIP table lists under another name.
  if (start <= lo) start = townEndingAt(tokens, lo + minName, end, `US-${stateCode}`);
  if (start <= lo || tokens.slice(lo, start).every((t) => t.dir)) return lo;
  return start;
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

function isStreetWord(t: Classified): boolean {
  return t.intlPrefix || t.intlSuffix || t.connector;
}

/** A city must leave at least a number and one street word in front of it. */
function minStreetTokens(region: Classified[]): number {
  if (region.length === 0) return 0;
  return region[0].houseNumber || region[0].cardinalWord ? 2 : 1;
}

/**
 * "20 Front St Marietta Cobb County GA": without commas, a county closing the words before
 * the state, right after a known city of the state, is the state district.
 */
function countyAfterCity(s: ParseState, segStart: number, end: number, stateCode: string): boolean {
  const { tokens } = s;
  if (end - segStart < 3 || !COUNTY_WORDS.has(tokens[end - 1].key)) return false;
  for (let n = 1; n <= 3 && end - 1 - n > segStart; n++) {
    const countyStart = end - 1 - n;
    const city = cityEndingAt(tokens, segStart + 1, countyStart, stateCode);
    if (city < 0 || tokens[countyStart - 1].seg !== tokens[end - 1].seg) continue;
    s.detail.fields.stateDistrict = spanText(tokens, { start: countyStart, end });
    s.city = { start: city, end: countyStart };
    s.end = city;
    return true;
  }
  return false;
}
