/**
 * Stage: the city before the state/postcode - a whole comma segment when there is one,
 * else a known city name ending there, else where the street plainly ends. findCity reads
 * as its steps in order: the military post office, a postcode alone before the town or the
 * state, a county (before a postcode, after a city, in its own segment), the whole comma
 * segment, a name before a known town, and last the city inside the street's segment
 * (city-in-street.ts).
 */

import { MILITARY_PO, MILITARY_STATES } from '../tables/delivery-words.js';
import { COUNTY_WORDS } from '../tables/place-words.js';
import { usState } from '../tables/us-states.js';
import { type CityWindow, cityInStreet } from './city-in-street.js';
import type { Classified } from './classify.js';
import { cityEndingAt, isPlaceInState, townEndingAt } from './gazetteer.js';
import { postcodeEndingAt } from './postcodes.js';
import { type ParseState, spanKey, spanText } from './state.js';

export function findCity(s: ParseState): void {
  if (s.city || s.end === 0) return;
  const w = cityWindow(s);
  if (militaryPostOffice(w) || postcodeBeforeTown(w) || postcodeBeforeState(w)) return;
  const { tokens, end, segStart, region, stateCode } = w;
  const clean = region.every((t) => !t.hasDigit) && !(region[0].unit && !region[0].suffix);
  // "North Bend", "Lake Park": street words only, unless the state has a place of that name.
  // "The Blvd" is a street too.
  const onlyStreetWords =
    region.every((t, k) => t.suffix || t.dir || (k === 0 && t.key === 'THE' && region.length > 1)) &&
    !(stateCode && isPlaceInState(tokens, segStart, end, stateCode));
  const wholeSegment = w.anchored && segStart > 0 && clean && !onlyStreetWords;
  if (wholeSegment && countyBeforePostcode(s, segStart, end)) return;
  if (stateCode && countyAfterCity(s, segStart, end, stateCode)) return;
  if (stateCode && segStart > 0 && clean && countySegment(w)) return;
  if (wholeSegment) {
    segmentIsCity(w);
    return;
  }
  if (w.anchored && segStart === 0 && clean && nameBeforeTown(w)) return;
  const start = cityInStreet(w);
  if (start >= segStart && start < end) {
    s.city = { start, end };
    s.end = start;
  }
}

function cityWindow(s: ParseState): CityWindow {
  const { tokens } = s;
  const end = s.end;
  const seg = tokens[end - 1].seg;
  let segStart = end - 1;
  while (segStart > 0 && tokens[segStart - 1].seg === seg) segStart--;
  const stateCode = s.state ? usState(spanKey(tokens, s.state.start, s.state.end))?.code : undefined;
  const anchored = !!(s.state || s.postcode || s.country);
  return { s, tokens, end, segStart, region: tokens.slice(segStart, end), stateCode, anchored };
}

/** "USS Nimitz FPO AP 96620": the military post office alone is the city. */
function militaryPostOffice({ s, tokens, end, stateCode }: CityWindow): boolean {
  if (!(stateCode && MILITARY_STATES.has(stateCode) && MILITARY_PO.has(tokens[end - 1].key))) return false;
  s.city = { start: end - 1, end };
  s.end = end - 1;
  return true;
}

/**
 * "…, 106, 21840, Mexicali, Baja California": abroad, a postcode alone in the segment
 * before the town's.
 */
function postcodeBeforeTown({ s, tokens, end, segStart, region }: CityWindow): boolean {
  if (s.postcode || segStart <= 1 || !s.detail.countryCode || s.detail.countryCode === 'US') return false;
  const pc = tokens[segStart - 1];
  const alone = tokens[segStart - 2].seg !== pc.seg;
  if (!(alone && /^\d{4,6}$/.test(pc.key) && region.every((t) => !t.hasDigit && !t.unit))) return false;
  s.postcode = { start: segStart - 1, end: segStart };
  s.city = { start: segStart, end };
  s.end = segStart - 1;
  return true;
}

/** "6000, NSW, Australia", "90210, CA": a postcode alone before the state. */
function postcodeBeforeState({ s, tokens, end, region }: CityWindow): boolean {
  if (s.postcode || !s.state || region.length !== 1) return false;
  const pc = postcodeEndingAt(tokens, end);
  if (!(pc?.length === 1 && /^\d{4,5}$/.test(region[0].key))) return false;
  s.postcode = { start: end - 1, end };
  s.end = end - 1;
  return true;
}

/**
 * "4411 Stone Way N Seattle, King County, WA": a US county in its own segment before the
 * state is the state district; the town is found before it.
 */
function countySegment({ s, tokens, end, segStart, region }: CityWindow): boolean {
  if (region.length < 2 || !COUNTY_WORDS.has(region[region.length - 1].key)) return false;
  s.detail.fields.stateDistrict = spanText(tokens, { start: segStart, end });
  s.end = segStart;
  findCity(s);
  return true;
}

/**
 * The whole last comma segment is the city. "Bolton Road, NW Atlanta": a two-letter
 * directional opening it ends the street. "…, 14th flr, L & C Twr Div of Fiscal Services
 * Nashville TN": a name of two words or more before a known city of the state, in a segment
 * that is no place as a whole. "Unit K, L Cedar Rapids IA": a lone letter before a town of
 * the state is a unit's id.
 */
function segmentIsCity({ s, tokens, end, segStart, stateCode }: CityWindow): void {
  const first = tokens[segStart];
  const carry = first.dir && first.dir.abbr.length === 2 && end - segStart > 1 ? 1 : 0;
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
}

/**
 * No comma before the state: "Budd Insurance Agency Coldwater MI", "PAC St. Louis MO" (a name
 * before a known city); "Buckingham Palace London SW1A 1AA" (abroad, a place's name before a
 * town of the country). Not "S Wacker Dr 60606", words ending in a street type before a
 * postcode, unless a known town ends so ("Eight Mile Plains 4113"); nor "Universal Studios
 * Japan", a name that is no town of the only country after it.
 */
function nameBeforeTown({ s, tokens, end, region, stateCode }: CityWindow): boolean {
  const endsTyped =
    region.length >= 2 && (region[region.length - 1].suffix || region[region.length - 1].caType);
  const typedTown = endsTyped && !s.state && townEndingAt(tokens, 0, end, s.detail.countryCode) !== 0;
  const cc = s.detail.countryCode;
  const foreignOnly = !!s.country && !s.postcode && !s.state && !!cc && cc !== 'US' && cc !== 'CA';
  const placeName = foreignOnly && region.length >= 2 && townEndingAt(tokens, 0, end, cc) !== 0;
  if (region.some(isStreetWord) || typedTown || placeName) return false;
  const foreignTown = !stateCode && cc && cc !== 'US' && townEndingAt(tokens, 0, end, cc) !== 0;
  const abroadNamed = foreignTown ? Math.max(townEndingAt(tokens, 2, end, cc), 0) : 0;
  const named = stateCode ? nameBeforeCity(tokens, 0, end, stateCode, 1) : abroadNamed;
  s.city = { start: named, end };
  s.end = named;
  return true;
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

function isStreetWord(t: Classified): boolean {
  return t.intlPrefix || t.intlSuffix || t.connector;
}
