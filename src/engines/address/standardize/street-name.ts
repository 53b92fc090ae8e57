/**
 * Standardizes a street written on its own ("N. Bardstown Road", "US Hwy 50") - the form
 * reference points arrive in - so that a point and a parsed address meet on one key.
 */
import { classify } from '../parse/classify.js';
import { splitStreet } from '../parse/split-street.js';
import { emptyDetail } from '../parse/state.js';
import { normalizeInput, tokenize } from '../parse/tokenize.js';
import type { ParsedAddressDetail } from '../types.js';
import { type StandardStreet, standardizeParts } from './street-line.js';

/** The USPS parts of a bare street name (no number, no unit). */
export function standardizeStreetName(street: string, country?: string): StandardStreet {
  const tokens = classify(tokenize(normalizeInput(street)));
  const detail: ParsedAddressDetail = { ...emptyDetail(), street: splitStreet(tokens, 0, tokens.length) };
  if (country) detail.countryCode = country;
  return standardizeParts(detail, country);
}

/** One comparable key per street: "N BARDSTOWN RD", "US HIGHWAY 50". Empty for empty input. */
export function streetKey(parts: StandardStreet): string {
  return [parts.preDirection, parts.preType, parts.name, parts.type, parts.postDirection]
    .filter(Boolean)
    .join(' ');
}
