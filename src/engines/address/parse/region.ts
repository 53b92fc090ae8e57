/**
 * Stage: the state or province (US, Canada) or region code (Australia, Brazil) before
 * the postcode - accepted only with evidence, since "CT", "IN" and "OR" are words too.
 */
import { province } from '../tables/canada.js';
import { AU_ONLY_CODES, intlRegion } from '../tables/intl-regions.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { cityEndingAt, townEndingAt } from './gazetteer.js';
import { type ParseState, spanKey } from './state.js';
import { isUnitId, typedBeforeUnits } from './units.js';

export function peelState(s: ParseState): void {
  const { tokens } = s;
  const cc = s.detail.countryCode;
  if (s.city || s.end === 0) return;
  if (peelIntlRegion(s)) return;
  if (cc && cc !== 'US' && cc !== 'CA') return;
  for (let n = Math.min(4, s.end); n >= 1; n--) {
    const start = s.end - n;
    // "Rochester, New, York 14606": a two-word state name split by a stray comma.
    const split = n === 2 && s.postcode !== undefined;
    if (tokens[start].seg !== tokens[s.end - 1].seg && !split) continue;
    const key = spanKey(tokens, start, s.end);
    const us = cc === 'CA' ? undefined : usState(key);
    const ca = cc === 'US' ? undefined : province(key);
    const code = us?.code ?? ca?.code;
    if (!code || (split && key.length <= 5) || !acceptState(s, start, key, code)) continue;
    s.state = { start: stateWrittenTwice(s, start, code), end: s.end };
    if (!cc) s.detail.countryCode = us ? 'US' : 'CA';
    s.end = s.state.start;
    return;
  }
  if (cc !== 'CA') stateBeforeCity(s);
}

/** "Roswell, Georgia, GA 30075": the state's name in its own segment before its code. */
function stateWrittenTwice(s: ParseState, start: number, code: string): number {
  const { tokens } = s;
  if (start === 0 || tokens[start - 1].seg === tokens[start].seg) return start;
  let k = start - 1;
  while (k > 0 && tokens[k - 1].seg === tokens[start - 1].seg) k--;
  if (k === 0 || start - k > 3) return start;
  const name = spanKey(tokens, k, start);
  if (name.length <= 2 || usState(name)?.code !== code) return start;
  // Only with a town segment left before it: in "5th Avenue, New York, NY" the name is the city.
  let j = k - 1;
  while (j > 0 && tokens[j - 1].seg === tokens[k - 1].seg) j--;
  const town = tokens.slice(j, k).every((t) => !t.hasDigit && !t.suffix && !t.caType && !t.unit);
  return town && j > 0 ? k : start;
}

/**
 * "101 E Market St Unit 4 CA Long Beach 90807": the state code written before the city.
 * Taken only when the words after the code are a mailing city of that state and a US ZIP
 * follows.
 */
function stateBeforeCity(s: ParseState): void {
  const { tokens } = s;
  if (!s.postcode || !/^\d{5}(-?\d{4})?$/.test(tokens[s.postcode.start].key)) return;
  for (let n = Math.min(4, s.end - 2); n >= 1; n--) {
    const start = s.end - n;
    const code = tokens[start - 1];
    if (code.key.length !== 2 || code.seg !== tokens[s.end - 1].seg) continue;
    const state = usState(code.key);
    if (!state) continue;
    // "1 DNA Way MSC 24 CA S San Fran 94080": right after a unit's id the code cannot be a
    // street word, so the words before the ZIP are the town even when no gazetteer knows it.
    const afterUnitId =
      start - 3 >= 0 && tokens[start - 2].hasDigit && !!tokens[start - 3].unit?.requiresId && !code.unit;
    const plainTown = tokens.slice(start, s.end).every((t) => !t.hasDigit && !t.unit && !t.connector);
    if (cityEndingAt(tokens, start, s.end, state.code) !== start && !(afterUnitId && plainTown)) continue;
    s.state = { start: start - 1, end: start };
    s.city = { start, end: s.end };
    s.detail.countryCode = 'US';
    s.end = start - 1;
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
  // "…, Mexicali, Baja California, MX": a Mexican state filling its own segment.
  if (cc === 'MX') {
    let start = s.end - 1;
    while (start > 0 && tokens[start - 1].seg === last.seg) start--;
    if (start > 0 && s.end - start <= 4 && intlRegion('MX', spanKey(tokens, start, s.end))) {
      s.state = { start, end: s.end };
      s.end = start;
      return true;
    }
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
  // "... Rancho Dominguez CA United States": a state code right before the country's name.
  if (s.country && s.detail.countryCode === 'US' && key.length === 2 && s.country.start === start + 1)
    return true;
  // "1180 Peachtree Street, NE": a directional after a street type is the street's.
  if (t.dir && (prev.suffix || prev.caType)) return false;
  // "9600 Interstate 35 TX", "1210a Highway 10 W IA": a state right after a route number.
  const routeNumber = prev.hasDigit || (prev.dir && tokens[start - 2]?.hasDigit);
  // "8800 Interstate 20 Unit B TX", "1210 Hwy 10 W 2nd Floor IA": or right after a unit.
  const afterUnit =
    (isUnitId(prev) && !!tokens[start - 2]?.unit?.requiresId) ||
    (!!prev.unit?.isLevel && !!(tokens[start - 2]?.ordinal || tokens[start - 2]?.num));
  if ((routeNumber || afterUnit) && key.length === 2 && !(t.suffix || t.unit || t.dir)) return true;
  if (prev.seg !== t.seg) return true;
  if (stateNameAfterTown(tokens, start, s.end, key) || codeAfterTown(tokens, start, s.end)) return true;
  // "123 Oak Ct", "3719 Old Alabama": with no ZIP or comma, only a known city before it confirms a state.
  return cityEndingAt(tokens, 0, start, code) >= 0 || townEndingAt(tokens, 1, start, `US-${code}`) >= 1;
}

/** Old abbreviations that are also common words ("Car Wash", "William Penn"). */
const WORD_ABBREVIATIONS = new Set(['WASH', 'PENN', 'DEL', 'MASS', 'ILL']);

/**
 * "2320 Mockingbird Lane Chico Cal", "12 Elm St Smallville Ohio": a state written out or
 * in an old abbreviation closes the line after a typed street and one or two plain words
 * (the town), even when no gazetteer knows the town.
 */
function stateNameAfterTown(tokens: Classified[], start: number, end: number, key: string): boolean {
  if (key.length <= 2 || end !== tokens.length || WORD_ABBREVIATIONS.has(key)) return false;
  for (const gap of [1, 2]) {
    // "12 Elm St Apt 5 Smallville Ohio": units may stand between.
    const typedAt = start - gap >= 2 ? typedBeforeUnits(tokens, 1, start - gap) : -1;
    const typed = tokens[typedAt];
    if (!typed || !(typed.suffix || typed.caType) || typedAt < 1) continue;
    const town = tokens.slice(start - gap, start);
    if (town.every((w) => !w.hasDigit && !w.unit && !w.suffix && !w.caType && !w.dir && !w.connector))
      return true;
  }
  return false;
}

/**
 * "99 Some Road, Some City LA": a two-letter code closing the line after one to three
 * plain words in a comma part of their own, once a numbered, typed street came before.
 * Not a code that is also a street type or unit ("Oak Ct", "2 Fl").
 */
function codeAfterTown(tokens: Classified[], start: number, end: number): boolean {
  const t = tokens[start];
  if (end !== tokens.length || end - start !== 1 || t.key.length !== 2) return false;
  if (t.suffix || t.caType || t.unit || t.dir) return false;
  let segStart = start;
  while (segStart > 0 && tokens[segStart - 1].seg === t.seg) segStart--;
  const town = tokens.slice(segStart, start);
  if (segStart === 0 || town.length === 0 || town.length > 3) return false;
  if (town.some((w) => w.hasDigit || (w.unit && !w.suffix) || w.connector)) return false;
  const street = tokens.slice(0, segStart);
  return street.some((w) => w.houseNumber) && street.some((w) => w.suffix || w.caType);
}
