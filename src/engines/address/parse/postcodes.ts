/**
 * Postcode shapes the tail stage recognises without knowing the country yet. Each
 * returns how many tokens ending at `end` form a postcode, or 0, and which country
 * the shape implies when it implies one.
 */
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';

export interface PostcodeMatch {
  length: number;
  /** Alpha-2 when the shape belongs to one country (CA, GB, NL, BR...). */
  country?: string;
  /** True for the shapes that are US ZIP codes (5 digits, ZIP+4). */
  usZip?: boolean;
}

const US_ZIP = /^\d{5}(-\d{4})?$|^\d{9}$/;
const CA_FULL = /^[ABCEGHJ-NPRSTVXY]\d[A-Z]-?\d[A-Z]\d$/;
const CA_FSA = /^[ABCEGHJ-NPRSTVXY]\d[A-Z]$/;
const CA_LDU = /^\d[A-Z]\d$/;
const GB_OUT = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const GB_IN = /^\d[A-Z]{2}$/;
const GB_FULL = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;
const NL_FULL = /^\d{4}[A-Z]{2}$/;
const SHAPES: Array<[RegExp, string]> = [
  [/^\d{5}-\d{3}$/, 'BR'],
  [/^\d{2}-\d{3}$/, 'PL'],
  [/^\d{4}-\d{3}$/, 'PT'],
  [/^\d{3}-\d{4}$/, 'JP'],
  [/^\d{3} ?\d{2}$/, ''],
];

/** Postcode ending at index `end - 1`, looking at up to two tokens. */
export function postcodeEndingAt(tokens: Classified[], end: number): PostcodeMatch | undefined {
  const last = tokens[end - 1];
  if (!last) return undefined;
  const prev = end >= 2 ? tokens[end - 2] : undefined;
  const k = last.key;
  const lineEnd = !tokens[end] || tokens[end].seg !== last.seg;
  if (US_ZIP.test(k)) return { length: 1, usZip: true };
  // "60606 6306": ZIP+4 written with a space.
  if (lineEnd && prev && /^\d{4}$/.test(k) && /^\d{5}$/.test(prev.key) && prev.seg === last.seg) {
    return { length: 2, usZip: true };
  }
  if (CA_FULL.test(k)) return { length: 1, country: 'CA' };
  if (prev && CA_FSA.test(prev.key) && CA_LDU.test(k)) return { length: 2, country: 'CA' };
  if (prev && GB_OUT.test(prev.key) && GB_IN.test(k) && /[A-Z]/.test(prev.key))
    return { length: 2, country: 'GB' };
  if (GB_FULL.test(k)) return { length: 1, country: 'GB' };
  // "112 01 Stockholm", "110 00 Praha": Swedish, Czech and Slovak codes in two groups.
  if (prev && /^\d{3}$/.test(prev.key) && /^\d{2}$/.test(k) && prev.seg === last.seg) return { length: 2 };
  if (NL_FULL.test(k)) return { length: 1, country: 'NL' };
  // "1012 LG" (Dutch), but not "Fm 3009 TX" (a route number and a US state at the end of the line).
  const stateAtEnd = lineEnd && usState(k) !== undefined;
  if (prev && !stateAtEnd && /^\d{4}$/.test(prev.key) && /^[A-Z]{2}$/.test(k) && prev.seg === last.seg) {
    return { length: 2, country: 'NL' };
  }
  for (const [re, country] of SHAPES) if (re.test(k)) return { length: 1, ...(country ? { country } : {}) };
  if (/^\d{4,6}$/.test(k)) return { length: 1 };
  return undefined;
}
