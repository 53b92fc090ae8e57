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

/**
 * What a source says about delivery at a point: the National Address Database carries these
 * (nad-columns.ts); OpenAddresses files carry none. Stored as given (trimmed; cities and the
 * urbanization upper case). The verifier reads plus4, addressType, postCity and urbanization
 * (delivery.ts); deliveryType, lifecycle and placement are kept in the store only.
 */
export interface DeliveryFacts {
  /** NAD Plus_4: the ZIP+4 add-on, four digits. */
  plus4?: string;
  /** NAD Addr_Type as given: "Residential", "Commercial"... (residentialOf maps it). */
  addressType?: string;
  /** NAD DeliverTyp as given ("Subaddress Included"...). */
  deliveryType?: string;
  /** NAD Lifecycle as given ("Current", "Proposed"...); retired points are not imported. */
  lifecycle?: string;
  /** NAD Placement as given ("Structure - Rooftop"...). */
  placement?: string;
  /** NAD Post_City: the mailing city, upper case. */
  postCity?: string;
  /** NAD Urbnztn_PR: a Puerto Rico urbanization's name, upper case, without "URB". */
  urbanization?: string;
}

export interface ReferencePoint extends DeliveryFacts {
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
