import type { ParsedAddressDetail } from '../index.js';
import { parseAddressDetail, standardizeParts } from '../index.js';
import { cleanText } from './clean-text.js';
import type { StreetForm } from './reference-point.js';

const clean = cleanText;

/** The standardized street of a parse, or undefined when it found no street name. */
export function streetFormOf(detail: ParsedAddressDetail, country = 'US'): StreetForm | undefined {
  const p = standardizeParts(detail, country);
  if (!p.name) return undefined;
  return {
    ...(p.preDirection ? { preDirection: p.preDirection } : {}),
    ...(p.preType ? { preType: p.preType } : {}),
    name: p.name,
    ...(p.type ? { type: p.type } : {}),
    ...(p.postDirection ? { postDirection: p.postDirection } : {}),
  };
}

const cache = new Map<string, StreetForm>();

/**
 * A reference file's street ("S 2ND ST", "52 DR") in standard parts. Parsed behind a
 * placeholder number exactly as user input is, so both sides agree; memoized because a
 * file repeats each street many times.
 */
export function referenceStreet(street: string): StreetForm {
  const key = clean(street);
  let form = cache.get(key);
  if (!form) {
    form = streetFormOf(parseAddressDetail(`1 ${key}`)) ?? { name: key };
    if (cache.size > 200_000) cache.clear();
    cache.set(key, form);
  }
  return form;
}
