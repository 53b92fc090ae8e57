/**
 * Stages 4-7: peel what sits at the end of an address line, right to left:
 * country, postcode, state/province, city. Each stage moves `state.end` left.
 */

import { countryIndex } from '../reference/countries.js';
import { reference } from '../reference/index.js';
import { province } from '../tables/canada.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { cityEndingAt, statesOfCity } from './gazetteer.js';
import { postcodeEndingAt } from './postcodes.js';
import { type ParseState, spanKey } from './state.js';
import { streetEndGuess } from './street-end.js';

export function peelCountry(s: ParseState): void {
  const { tokens } = s;
  const end = s.end;
  if (end === 0) return;
  const index = countryIndex();
  for (let n = Math.min(index.maxNameWords, end); n >= 1; n--) {
    const start = end - n;
    if (tokens[start].seg !== tokens[end - 1].seg && n > 1) continue;
    const key = spanKey(tokens, start, end);
    const record = index.byName.get(key);
    // "Georgia", "Jersey": a US state name wins over the country of the same name.
    if (!record || (n <= 2 && usState(key))) continue;
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
  if (last.key.length === 2 && index.byAlpha2.has(last.key) && !isRegionCode(last.key)) {
    s.country = { start: end - 1, end };
    s.detail.countryCode = last.key;
    s.end = end - 1;
  }
}

/** US state or Canadian province codes double as country codes (CA, DE, IN...). */
function isRegionCode(key: string): boolean {
  return usState(key) !== undefined || province(key) !== undefined;
}

export function peelPostcode(s: ParseState): void {
  const { tokens } = s;
  const match = postcodeEndingAt(tokens, s.end);
  if (match) {
    const start = s.end - match.length;
    // A bare number right after a street word is a house number ("Korunní 810").
    const prev = tokens[start - 1];
    const looksLikeHouseNumber =
      !match.country && !match.usZip && prev && prev.seg === tokens[start].seg && !prev.hasDigit;
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
  for (let i = s.end - 2; i >= Math.max(1, s.end - 5); i--) {
    const t = tokens[i];
    if (!t.hasDigit) continue;
    const match = postcodeEndingAt(tokens, i + 1) ?? postcodeEndingAt(tokens, i + 2);
    if (!match) return;
    const pcEnd = postcodeEndingAt(tokens, i + 2)?.length === 2 ? i + 2 : i + 1;
    const start = pcEnd - (pcEnd === i + 2 ? 2 : match.length);
    const prev = tokens[start - 1];
    const opensSegment = !prev || prev.seg !== tokens[start].seg;
    const afterHouseNumber = prev?.houseNumber && prev.seg === tokens[start].seg;
    const cityWords = tokens.slice(pcEnd, s.end).every((w) => !w.hasDigit && w.seg === tokens[pcEnd].seg);
    if ((opensSegment || afterHouseNumber) && cityWords && pcEnd < s.end && /\d{4}/.test(t.key)) {
      s.postcode = { start, end: pcEnd };
      s.city = { start: pcEnd, end: s.end };
      if (match.country && !s.detail.countryCode) s.detail.countryCode = match.country;
      s.end = start;
    }
    return;
  }
}

export function peelState(s: ParseState): void {
  const { tokens } = s;
  const cc = s.detail.countryCode;
  if (s.city || s.end === 0 || (cc && cc !== 'US' && cc !== 'CA')) return;
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

/** Whether words that spell a state really are the state and not part of the street. */
function acceptState(s: ParseState, start: number, key: string, code: string): boolean {
  const { tokens } = s;
  if (start === 0) return tokens.length === 1 || s.postcode !== undefined || key.length > 2;
  if (s.postcode || tokens[start - 1].seg !== tokens[start].seg) return true;
  if (cityEndingAt(tokens, 0, start, code) >= 0) return true;
  const t = tokens[start];
  // "123 Oak Ct": a street word that spells a state needs other evidence.
  if (t.suffix || t.dir || t.unit || t.caType) return false;
  return key.length > 2 || tokens[start - 1].key.length > 1;
}

export function findCity(s: ParseState): void {
  const { tokens } = s;
  if (s.city || s.end === 0) return;
  if (!s.state && !s.postcode && !s.country) return;
  const end = s.end;
  const seg = tokens[end - 1].seg;
  let segStart = end - 1;
  while (segStart > 0 && tokens[segStart - 1].seg === seg) segStart--;
  const stateCode = s.state ? usState(spanKey(tokens, s.state.start, s.state.end))?.code : undefined;
  const region = tokens.slice(segStart, end);
  const clean = region.every((t) => !t.hasDigit && !t.unit) && !region[0].suffix;
  if (segStart > 0 && clean) {
    s.city = { start: segStart, end };
    s.end = segStart;
    return;
  }
  if (segStart === 0 && clean && !region.some(isStreetWord)) {
    s.city = { start: 0, end };
    s.end = 0;
    return;
  }
  const min = segStart + minStreetTokens(region);
  const found = cityEndingAt(
    tokens,
    min,
    end,
    stateCode ?? (s.detail.countryCode === 'US' ? undefined : undefined),
  );
  const start = found >= 0 ? found : streetEndGuess(tokens, segStart, end);
  if (start < end && start >= segStart) {
    s.city = { start, end };
    s.end = start;
  }
}

function isStreetWord(t: Classified): boolean {
  return t.intlPrefix || t.intlSuffix || t.connector;
}

/** A city must leave at least a number and one street word in front of it. */
function minStreetTokens(region: Classified[]): number {
  if (region.length === 0) return 0;
  return region[0].houseNumber || region[0].cardinalWord ? 2 : 1;
}

export { reference, statesOfCity };
