/**
 * Stage: the country at the end of the line ("..., France", "... DE", "Japan, 565-0871").
 * Codes that are also US states or Canadian provinces need more evidence than names.
 */
import { countryIndex } from '../reference/countries.js';
import { province } from '../tables/canada.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { statesOfCity, townEndingAt } from './gazetteer.js';
import type { ParseState } from './state.js';
import { spanKey } from './state.js';

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
  if (usBeforeZip(s)) return;
  peelCountryName(s);
  if (s.country) countryWrittenTwice(s);
}

/** "12 Oak St, Lowell, MA, US 01852": the country's code written before the ZIP. */
function usBeforeZip(s: ParseState): boolean {
  const { tokens } = s;
  const zip = tokens[s.end - 1];
  const code = tokens[s.end - 2];
  if (!zip || !code || s.end < 4 || !/^\d{5}(-\d{4})?$/.test(zip.key)) return false;
  // After a comma, or right after a state code ("Lowell MA US 01852").
  const prev = tokens[s.end - 3];
  const opens = prev.seg !== code.seg || (prev.key.length === 2 && usState(prev.key) !== undefined);
  if ((code.key !== 'US' && code.key !== 'USA') || code.seg !== zip.seg || !opens) return false;
  s.postcode = { start: s.end - 1, end: s.end };
  s.country = { start: s.end - 2, end: s.end - 1 };
  s.detail.countryCode = 'US';
  s.end -= 2;
  return true;
}

/** "United States US", "France, FR": the country's name right before its code is the country too. */
function countryWrittenTwice(s: ParseState): void {
  const { tokens } = s;
  const country = s.country;
  // Only before a code: in "Ciudad de México, México" the first México is the city's.
  if (!country || country.end - country.start !== 1 || tokens[country.start].key.length > 3) return;
  const index = countryIndex();
  for (let n = Math.min(index.maxNameWords, country.start); n >= 1; n--) {
    const start = country.start - n;
    const record = index.byName.get(spanKey(tokens, start, country.start));
    if (
      !record ||
      record.alpha2 !== s.detail.countryCode ||
      (n <= 2 && usState(spanKey(tokens, start, country.start)))
    )
      continue;
    s.country = { start, end: country.end };
    s.end = start;
    return;
  }
}

function peelCountryName(s: ParseState): void {
  const { tokens } = s;
  const end = s.end;
  if (end === 0) return;
  const index = countryIndex();
  const lastKey = tokens[end - 1].key;
  const known = index.lastWords.has(lastKey) || index.lastWords.has(umlautsFolded(lastKey));
  const maxWords = known ? index.maxNameWords : 0;
  for (let n = Math.min(maxWords, end); n >= 1; n--) {
    const start = end - n;
    if (tokens[start].seg !== tokens[end - 1].seg && n > 1) continue;
    const key = spanKey(tokens, start, end);
    // "Oesterreich": German umlauts written out as AE/OE/UE.
    const record =
      index.byName.get(key) ?? (/[AOU]E/.test(key) ? index.byName.get(umlautsFolded(key)) : undefined);
    // "Georgia", "Jersey": a US state name wins over the country of the same name.
    if (!record || (n <= 2 && usState(key))) continue;
    // "Stony Island" is not Iceland: a one-word native name needs a comma, postcode or English spelling.
    const separated = start === 0 || tokens[start - 1].seg !== tokens[start].seg;
    if (n === 1 && !separated && !index.english.has(key)) continue;
    // "465 E 170th St South Holland", "Mexico MO": a US town of that name, without a comma, is the town.
    // A postcode right before it says it is the country ("V6B 1A1 Canada").
    if (n === 1 && !separated && statesOfCity(key) && !tokens[start - 1]?.hasDigit) continue;
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
  // "Rotterdam NL", "Lima PE": without a comma, a code that is no US state after a town of that
  // country and of no Canadian province of that code.
  const townOfCountry =
    isCode &&
    !separated &&
    !usState(last.key) &&
    townEndingAt(tokens, 0, end - 1, last.key) >= 0 &&
    townEndingAt(tokens, 0, end - 1, `CA-${last.key}`) < 0;
  if (isCode && ((separated && !isRegionCode(last.key)) || townOfCountry || foreignBefore(tokens, end - 1))) {
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
      // A town after the postcode, not "1200 Westlake Ave N" (a house number and a street)
      // nor "M/S 4400, Portland, ME" (an id in an earlier comma part) nor "Box 1234 Chicago IL".
      const before = tokens[i - 1];
      const boxId = before && (before.unit || ['BOX', 'NO', 'M/S', 'MS'].includes(before.key));
      const sameSegment = tokens[i].seg === prev.seg && !boxId;
      return i > 0 && sameSegment && tokens.slice(i + 1, at).every((t) => !t.hasDigit && !t.suffix && !t.dir);
    }
    if (tokens[i].hasDigit) return false;
  }
  return false;
}

/** US state or Canadian province codes double as country codes (CA, DE, IN...). */
function isRegionCode(key: string): boolean {
  return usState(key) !== undefined || province(key) !== undefined;
}

function umlautsFolded(key: string): string {
  return key.replace(/([AOU])E/g, '$1');
}
