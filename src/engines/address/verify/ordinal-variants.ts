import { ORDINAL_NUMBER, ORDINAL_WORDS } from '../tables/number-words.js';
import type { StreetForm } from './reference-point.js';

/** "1ST", "2ND", "3RD", "4TH", "11TH"..."13TH", "21ST". */
export function withOrdinalSuffix(digits: string): string {
  const n = Number(digits) % 100;
  if (n >= 11 && n <= 13) return `${digits}TH`;
  return `${digits}${['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH'}`;
}

/** The other ways a numbered street's number is written: "10TH" <-> "10", "SECOND" -> "2ND", "2". */
function otherNumberForms(word: string): string[] {
  if (ORDINAL_NUMBER.test(word)) return [word.slice(0, -2)];
  if (/^\d+$/.test(word)) return [withOrdinalSuffix(word)];
  const n = ORDINAL_WORDS.get(word);
  return n ? [withOrdinalSuffix(String(n)), String(n)] : [];
}

/**
 * A numbered street as the reference may write it instead: sources disagree on the ordinal
 * suffix ("10 AVE" in New York City's file, "10TH AVE" for the USPS), so a street found
 * nowhere as written is looked for with its number in the other forms. Only the one word
 * that is a number changes; a name with no such word has no variants.
 */
export function ordinalVariants(street: StreetForm): StreetForm[] {
  const words = street.name.split(' ');
  const at = words.findIndex((w) => otherNumberForms(w).length > 0);
  if (at < 0) return [];
  return otherNumberForms(words[at]).map((form) => ({
    ...street,
    name: words.map((w, i) => (i === at ? form : w)).join(' '),
  }));
}
