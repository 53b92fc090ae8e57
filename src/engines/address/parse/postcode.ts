/**
 * Stage: the postcode - at the end (US, UK, Canada, Australia), or before the town in
 * European order ("47877 Willich", "N1 2XQ London").
 */
import { intlRegion } from '../tables/intl-regions.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { townEndingAt } from './gazetteer.js';
import { postcodeEndingAt } from './postcodes.js';
import { type ParseState, spanKey } from './state.js';

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
    // "PO Box 60000 Los Angeles CA", "Dept 12345 Springfield IL": a box's or unit's id is no postcode.
    if (prev && (BOX_KEYS.has(prev.key) || (prev.unit?.requiresId && !usState(prev.key)))) return;
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
    // "Jane Doe, 4200 S. St. Charles", "…, 9001 Shelbyville Rd Louisville Kentucky": with no
    // country known, a directional first, a street type inside, or a US state's name last
    // make it a US street, not a postcode and a town.
    if (!s.detail.countryCode && words.length >= 2) {
      const typedInside = words.slice(1, -1).some((w) => w.suffix || w.caType);
      const stateLast = last.key.length > 2 && usState(last.key) !== undefined;
      if (words[0].dir || typedInside || stateLast) return;
    }
    // ", 3400 Peachtree Rd NE": a number and a typed street (a directional may follow) is a street.
    const typedEnd = last && (last.suffix || (last.dir && words[words.length - 2]?.suffix));
    if (typedEnd && words.length >= 2 && !/^\d{5}$/.test(t.key)) return;
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
      // "28046 Madrid Madrid": the town, then its province of the same name.
      const n = s.end - pcEnd;
      if (n % 2 === 0 && spanKey(tokens, pcEnd, pcEnd + n / 2) === spanKey(tokens, pcEnd + n / 2, s.end)) {
        s.city = { start: pcEnd, end: pcEnd + n / 2 };
        s.state = { start: pcEnd + n / 2, end: s.end };
      }
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
