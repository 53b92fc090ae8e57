/**
 * A country's postal code: well formed or not (postal-codes-js formats, via reference/), and
 * written the way its post writes it ("sw1a2aa" -> "SW1A 2AA", "1015cj" -> "1015 CJ").
 */
import { reference } from '../reference/index.js';

/** Where the post puts a separator in the compact code: [position from the end or start, separator]. */
const LAYOUT: Record<string, (compact: string) => string> = {
  GB: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
  CA: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  IE: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  NL: (c) => `${c.slice(0, 4)} ${c.slice(4)}`,
  SE: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  CZ: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  SK: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  GR: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  JP: (c) => `${c.slice(0, 3)}-${c.slice(3)}`,
  BR: (c) => `${c.slice(0, 5)}-${c.slice(5)}`,
  PL: (c) => `${c.slice(0, 2)}-${c.slice(2)}`,
  PT: (c) => `${c.slice(0, 4)}-${c.slice(4)}`,
  US: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
};

export type PostcodeCheck =
  | { state: 'empty' }
  /** The country has no postal codes on file: nothing to check. */
  | { state: 'unchecked'; code: string }
  | { state: 'valid'; code: string }
  | { state: 'invalid'; code: string };

/** Checks and lays out a postal code for `alpha2`. */
export function checkPostcode(alpha2: string, text: string | undefined): PostcodeCheck {
  const raw = (text ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  if (!raw) return { state: 'empty' };
  const valid = reference.isValidPostcode(alpha2, raw);
  if (valid === undefined) return { state: 'unchecked', code: raw };
  if (!valid) return { state: 'invalid', code: raw };
  const compact = raw.replace(/[\s-]/g, '');
  const layout = LAYOUT[alpha2] as ((c: string) => string) | undefined;
  return { state: 'valid', code: layout && compact.length > 3 ? layout(compact) : raw };
}

/** Whether the country uses postal codes at all (has a format on file). */
export function hasPostcodes(alpha2: string): boolean {
  return reference.postcodeFormat(alpha2) !== undefined;
}

/** The compact form points are stored and compared by ("SW1A2AA"). */
export const postcodeKey = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
