/**
 * Stages 4-7: peel what sits at the end of an address line, right to left:
 * country, postcode, state/province, city. Each stage moves `state.end` left.
 */

import { countryIndex } from '../reference/countries.js';
import { province } from '../tables/canada.js';
import { AU_ONLY_CODES, intlRegion } from '../tables/intl-regions.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { cityEndingAt, statesOfCity, townEndingAt } from './gazetteer.js';
import { postcodeEndingAt } from './postcodes.js';
import { type ParseState, spanKey, spanText } from './state.js';
import { streetEndGuess } from './street-end.js';

export function peelCountry(s: ParseState): void {
  const { tokens } = s;
  // "osaka university, osaka, japan, 565-0871": a postcode written after the country.
  const last = tokens[s.end - 1];
  if (
    last &&
    s.end >= 3 &&
    last.hasDigit &&
    tokens[s.end - 2].seg !== last.seg &&
    /^\d[\d-]{2,8}$/.test(last.key)
  ) {
    const pcEnd = s.end;
    s.end--;
    peelCountryName(s);
    // Only a country written as a name: "Salvador - BA, 40020-210" ends in a Brazilian state.
    const byName = s.country && tokens[s.country.end - 1].key.length > 3;
    if (byName) {
      s.postcode = { start: pcEnd - 1, end: pcEnd };
      return;
    }
    s.country = undefined;
    s.detail.countryCode = undefined;
    s.end = pcEnd;
  }
  peelCountryName(s);
}

function peelCountryName(s: ParseState): void {
  const { tokens } = s;
  const end = s.end;
  if (end === 0) return;
  const index = countryIndex();
  const maxWords = index.lastWords.has(tokens[end - 1].key) ? index.maxNameWords : 0;
  for (let n = Math.min(maxWords, end); n >= 1; n--) {
    const start = end - n;
    if (tokens[start].seg !== tokens[end - 1].seg && n > 1) continue;
    const key = spanKey(tokens, start, end);
    const record = index.byName.get(key);
    // "Georgia", "Jersey": a US state name wins over the country of the same name.
    if (!record || (n <= 2 && usState(key))) continue;
    // "Stony Island" is not Iceland: a one-word native name needs a comma, postcode or English spelling.
    const separated = start === 0 || tokens[start - 1].seg !== tokens[start].seg;
    if (n === 1 && !separated && !index.english.has(key)) continue;
    // "465 E 170th St South Holland", "Mexico MO": a US town of that name, without a comma, is the town.
    if (n === 1 && !separated && statesOfCity(key)) continue;
    if (n === 1 && (tokens[start].suffix || tokens[start].dir)) continue;
    s.country = { start, end };
    s.detail.countryCode = record.alpha2;
    s.end = start;
    return;
  }
  const last = tokens[end - 1];
  if (last.dir || last.suffix || last.unit || end === 1) return;
  if (last.key.length === 3 && last.raw === last.key) {
    const record = index.byKey.get(last.key);
    if (record && record.alpha3 === last.key) {
      s.country = { start: end - 1, end };
      s.detail.countryCode = record.alpha2;
      s.end = end - 1;
    }
    return;
  }
  const isCode = last.key.length === 2 && index.byAlpha2.has(last.key);
  // "Hudson Manor Terrace EE" is a unit, not Estonia: a bare code needs a comma or a foreign tail.
  const separated = tokens[end - 2].seg !== last.seg;
  if (isCode && ((separated && !isRegionCode(last.key)) || foreignBefore(tokens, end - 1))) {
    s.country = { start: end - 1, end };
    s.detail.countryCode = last.key;
    s.end = end - 1;
  }
}

/**
 * "13353 Berlin DE", "Bogotá CO": a code that is also a US state is a country when a
 * European postcode-then-town or non-English letters come right before it.
 */
function foreignBefore(tokens: Classified[], at: number): boolean {
  const prev = tokens[at - 1];
  if (!prev) return false;
  if (/[^\x00-\x7f]/.test(prev.key)) return true;
  for (let i = at - 2; i >= Math.max(0, at - 4); i--) {
    if (/^\d{4,5}$/.test(tokens[i].key)) {
      // A town after the postcode, not "1200 Westlake Ave N" (a house number and a street).
      return i > 0 && tokens.slice(i + 1, at).every((t) => !t.hasDigit && !t.suffix && !t.dir);
    }
    if (tokens[i].hasDigit) return false;
  }
  return false;
}

/** US state or Canadian province codes double as country codes (CA, DE, IN...). */
function isRegionCode(key: string): boolean {
  return usState(key) !== undefined || province(key) !== undefined;
}

const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);
const MILITARY_PO = new Set(['APO', 'FPO', 'DPO']);

/**
 * "Sydney 2000", "1 Queen Street, Brisbane 4000": four digits after a known town that opens
 * its segment are a postcode, not a house number written after a street.
 */
function townBeforeCode(tokens: Classified[], start: number, length: number): boolean {
  if (length !== 1 || !/^\d{4}$/.test(tokens[start].key)) return false;
  let segStart = start - 1;
  while (segStart > 0 && tokens[segStart - 1].seg === tokens[start].seg) segStart--;
  return townEndingAt(tokens, segStart, start) === segStart;
}

/** A number after these is a box or unit id, not a postcode. */
const BOX_KEYS = new Set(['BOX', 'BX', 'POB', '#', 'DRAWER', 'CALLER', 'NO', 'APT', 'STE', 'SUITE', 'UNIT']);

export function peelPostcode(s: ParseState): void {
  const { tokens } = s;
  // "3360 Grand Ave Oakland 94610-2737 CA": the state written after the ZIP.
  const last = tokens[s.end - 1];
  const before = tokens[s.end - 2];
  if (last && before && usState(last.key) && last.key.length === 2 && /^\d{5}(-\d{4})?$/.test(before.key)) {
    s.state = { start: s.end - 1, end: s.end };
    s.postcode = { start: s.end - 2, end: s.end - 1 };
    s.detail.countryCode ??= 'US';
    s.end -= 2;
    return;
  }
  const match = postcodeEndingAt(tokens, s.end);
  if (match) {
    const start = s.end - match.length;
    // A bare number right after a street word is a house number ("Korunní 810").
    const prev = tokens[start - 1];
    if (prev && BOX_KEYS.has(prev.key)) return;
    const looksLikeHouseNumber =
      !match.country &&
      !match.usZip &&
      prev &&
      prev.seg === tokens[start].seg &&
      !prev.hasDigit &&
      !(usState(prev.key) && tokens[start].key.length === 4) &&
      !intlRegion('AU', prev.key) &&
      !townBeforeCode(tokens, start, match.length);
    if (!looksLikeHouseNumber && !(start === 0 && tokens.length > match.length)) {
      s.postcode = { start, end: s.end };
      if (match.country && !s.detail.countryCode) s.detail.countryCode = match.country;
      s.end = start;
      return;
    }
  }
  peelPostcodeBeforeCity(s);
}

/** European order: "47877 Willich", "75001 Paris", "1234 AB Amsterdam". */
function peelPostcodeBeforeCity(s: ParseState): void {
  const { tokens } = s;
  if (peelBritishPostcodeBeforeTown(s)) return;
  for (let i = s.end - 2; i >= Math.max(0, s.end - 5); i--) {
    const t = tokens[i];
    if (!t.hasDigit) continue;
    const match = postcodeEndingAt(tokens, i + 1) ?? postcodeEndingAt(tokens, i + 2);
    if (!match) return;
    // At the very start only a shape that names its country ("1234AB, Amsterdam") is a postcode.
    if (i === 0 && !match.country) return;
    const pcEnd = postcodeEndingAt(tokens, i + 2)?.length === 2 ? i + 2 : i + 1;
    const start = pcEnd - (pcEnd === i + 2 ? 2 : match.length);
    const prev = tokens[start - 1];
    const opensSegment = !prev || prev.seg !== tokens[start].seg;
    const afterHouseNumber = prev?.houseNumber && prev.seg === tokens[start].seg;
    const words = tokens.slice(pcEnd, s.end);
    const cityWords =
      words.every((w) => !w.hasDigit && w.seg === tokens[pcEnd].seg) &&
      !words.every((w) => w.suffix || w.dir);
    // "20713 2700 N Ave": a number and a street after a leading house number is a US street.
    const last = words[words.length - 1];
    if (
      last &&
      (last.suffix || last.dir) &&
      prev?.houseNumber &&
      (start - 1 === 0 || tokens[start - 2].seg !== prev.seg)
    ) {
      return;
    }
    // "3 avenue des Champs-Élysées 75008 Paris": five digits then a town, no comma needed.
    const fiveDigits = /^\d{5}$/.test(t.key) && !last?.suffix && !last?.dir;
    if (
      (opensSegment || afterHouseNumber || fiveDigits) &&
      cityWords &&
      pcEnd < s.end &&
      spanKey(tokens, start, pcEnd).replace(/\D/g, '').length >= 4
    ) {
      s.postcode = { start, end: pcEnd };
      s.city = { start: pcEnd, end: s.end };
      if (match.country && !s.detail.countryCode) s.detail.countryCode = match.country;
      s.end = start;
    }
    return;
  }
}

/** "318 Upper Street, N1 2XQ London", "21 Kingswood Road SW2 4JE, London". */
function peelBritishPostcodeBeforeTown(s: ParseState): boolean {
  const { tokens } = s;
  for (let end = s.end - 1; end >= Math.max(2, s.end - 4); end--) {
    const match = postcodeEndingAt(tokens, end);
    if (match?.country !== 'GB' || match.length !== 2) continue;
    const town = tokens.slice(end, s.end);
    if (town.some((t) => t.hasDigit || t.suffix)) return false;
    s.postcode = { start: end - 2, end };
    s.city = { start: end, end: s.end };
    s.detail.countryCode ??= 'GB';
    s.end = end - 2;
    return true;
  }
  return false;
}

export function peelState(s: ParseState): void {
  const { tokens } = s;
  const cc = s.detail.countryCode;
  if (s.city || s.end === 0) return;
  if (peelIntlRegion(s)) return;
  if (cc && cc !== 'US' && cc !== 'CA') return;
  for (let n = Math.min(4, s.end); n >= 1; n--) {
    const start = s.end - n;
    if (tokens[start].seg !== tokens[s.end - 1].seg) continue;
    const key = spanKey(tokens, start, s.end);
    const us = cc === 'CA' ? undefined : usState(key);
    const ca = cc === 'US' ? undefined : province(key);
    const code = us?.code ?? ca?.code;
    if (!code || !acceptState(s, start, key, code)) continue;
    s.state = { start, end: s.end };
    if (!cc) s.detail.countryCode = us ? 'US' : 'CA';
    s.end = start;
    return;
  }
}

/**
 * Australia ("Sydney NSW 2000") and Brazil ("São Paulo - SP, 01304-001"): the region code
 * sits right before the postcode or in its own segment.
 */
function peelIntlRegion(s: ParseState): boolean {
  const { tokens } = s;
  const last = tokens[s.end - 1];
  const cc = s.detail.countryCode;
  const pc = s.postcode ? spanKey(tokens, s.postcode.start, s.postcode.end) : '';
  const au = intlRegion('AU', last.key);
  if (au && (cc === 'AU' || AU_ONLY_CODES.has(last.key) || (!cc && /^\d{4}$/.test(pc)))) {
    s.state = { start: s.end - 1, end: s.end };
    s.detail.countryCode = 'AU';
    s.end--;
    return true;
  }
  const ownSegment = s.end - 1 === 0 || tokens[s.end - 2].seg !== last.seg;
  if (cc === 'BR' && ownSegment && intlRegion('BR', last.key)) {
    s.state = { start: s.end - 1, end: s.end };
    s.end--;
    return true;
  }
  return false;
}

/** Whether words that spell a state really are the state and not part of the street. */
function acceptState(s: ParseState, start: number, key: string, code: string): boolean {
  const { tokens } = s;
  if (start === 0) return tokens.length === 1 || s.postcode !== undefined || key.length > 2;
  const t = tokens[start];
  const prev = tokens[start - 1];
  if (s.postcode) return true;
  // "1180 Peachtree Street, NE": a directional after a street type is the street's.
  if (t.dir && (prev.suffix || prev.caType)) return false;
  // "9600 Interstate 35 TX", "1210a Highway 10 W IA": a state right after a route number.
  const routeNumber = prev.hasDigit || (prev.dir && tokens[start - 2]?.hasDigit);
  if (routeNumber && key.length === 2 && !(t.suffix || t.unit || t.dir)) return true;
  if (prev.seg !== t.seg) return true;
  // "123 Oak Ct", "3719 Old Alabama": with no ZIP or comma, only a known city before it confirms a state.
  return cityEndingAt(tokens, 0, start, code) >= 0 || townEndingAt(tokens, 1, start, `US-${code}`) >= 1;
}

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
  const onlyStreetWords = region.every((t) => t.suffix || t.dir);
  if (anchored && segStart > 0 && clean && !onlyStreetWords && countyBeforePostcode(s, segStart, end)) return;
  if (anchored && segStart > 0 && clean && !onlyStreetWords) {
    // "Bolton Road, NW Atlanta": a two-letter directional opening the city ends the street.
    const first = tokens[segStart];
    const carry = first.dir && first.dir.abbr.length === 2 && end - segStart > 1 ? 1 : 0;
    s.city = { start: segStart + carry, end };
    s.end = segStart + carry;
    return;
  }
  // "S Wacker Dr 60606": words ending in a street type before a postcode are the street.
  const endsTyped =
    region.length >= 2 && (region[region.length - 1].suffix || region[region.length - 1].caType);
  if (anchored && segStart === 0 && clean && !region.some(isStreetWord) && !(endsTyped && !s.state)) {
    s.city = { start: 0, end };
    s.end = 0;
    return;
  }
  const min = segStart + minStreetTokens(region);
  let start = cityEndingAt(tokens, min, end, stateCode);
  // Without a state to confirm it, a known city must follow a complete-looking street of two words or more.
  if (start >= 0 && !stateCode) {
    const streetWords = start - segStart - (region[0].houseNumber ? 1 : 0);
    const typed = tokens.slice(segStart + 1, start - 1).some((t) => t.suffix || t.caType);
    if (streetWords < 2 || !streetLooksComplete(tokens[start - 1], anchored || typed)) start = -1;
  }
  const usZip = s.postcode && /^\d{5}(-?\d{4})?$/.test(tokens[s.postcode.start].key);
  // A town that is not a ZIP's preferred city ("College Park GA"), after a complete street.
  if (start < 0 && stateCode) {
    const town = townEndingAt(tokens, min, end, `US-${stateCode}`);
    if (town >= 0 && streetLooksComplete(tokens[town - 1], true)) start = town;
  }
  // With only a ZIP, guess the street's end only when the line opens with a number or box.
  const numbered = region[0].houseNumber || region[0].cardinalWord || tokens[segStart].key === 'PO';
  if (start < 0 && (s.state || (usZip && numbered))) start = streetEndGuess(tokens, segStart, end);
  // "Lane", "North" and "Street" are towns too, but never right after a street.
  if (start >= 0 && !stateCode && tokens.slice(start, end).every((t) => t.suffix || t.dir)) start = -1;
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
  if (prev.some((t) => t.hasDigit || t.suffix) || townEndingAt(tokens, prevStart, prevEnd, cc) !== prevStart)
    return false;
  s.detail.fields.stateDistrict = spanText(tokens, { start: segStart, end });
  s.city = { start: prevStart, end: prevEnd };
  s.end = prevStart;
  return true;
}

function streetLooksComplete(before: Classified | undefined, anchored: unknown): boolean {
  if (!before) return false;
  if (before.suffix || before.caType) return true;
  // Without an anchor or an earlier street type, "500 South Central" must stay a street;
  // "3991 Royal Drive NW Kennesaw" and "... Drive Second Floor Nashville" may end in a town.
  return !!anchored && (!!before.dir || before.hasDigit || !!before.unit);
}

function isStreetWord(t: Classified): boolean {
  return t.intlPrefix || t.intlSuffix || t.connector;
}

/** A city must leave at least a number and one street word in front of it. */
function minStreetTokens(region: Classified[]): number {
  if (region.length === 0) return 0;
  return region[0].houseNumber || region[0].cardinalWord ? 2 : 1;
}
