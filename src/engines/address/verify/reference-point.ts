/**
 * A reference address point in standard form, as the importer stores it and as the matcher
 * reads it back. The street is split the same way user input is, so equal addresses
 * produce equal keys whichever side they came from.
 */
export interface StreetForm {
  preDirection?: string;
  preType?: string;
  name: string;
  type?: string;
  postDirection?: string;
}

export interface ReferencePoint {
  zip: string;
  state: string;
  /** The city the source gave (not always the mailing city: NYC data says "New York" for Queens). */
  city: string;
  number: string;
  street: StreetForm;
  unitDesignator?: string;
  unitId?: string;
  lat: number;
  lon: number;
}

/** "S 2ND ST": the street as one upper-case string, the exact-match key. */
export function streetKey(s: StreetForm): string {
  return [s.preDirection, s.preType, s.name, s.type, s.postDirection].filter(Boolean).join(' ');
}

/** Unit ids compare without spaces, dashes and leading '#' ("0 C" = "0C", "#4" = "4"). */
export function unitKey(id: string | undefined): string {
  return (id ?? '')
    .toUpperCase()
    .replace(/^#/, '')
    .replace(/[\s-]+/g, '');
}

/** House numbers compare without spaces, and dashes only matter between digits ("68-01"). */
export function numberKey(n: string): string {
  return n.toUpperCase().replace(/\s+/g, '');
}
