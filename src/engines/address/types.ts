/** The fields of spec 2.9, in the spec's order: the keys a ParsedAddress may have. */
export const PARSED_ADDRESS_FIELDS = [
  'house',
  'houseNumber',
  'road',
  'unit',
  'level',
  'poBox',
  'city',
  'cityDistrict',
  'suburb',
  'state',
  'stateDistrict',
  'postcode',
  'country',
  'category',
  'near',
  'island',
] as const;

/** The public parse result: the fields of spec 2.9, absent ones omitted. */
export interface ParsedAddress {
  house?: string;
  houseNumber?: string;
  road?: string;
  unit?: string;
  level?: string;
  poBox?: string;
  city?: string;
  cityDistrict?: string;
  suburb?: string;
  state?: string;
  stateDistrict?: string;
  postcode?: string;
  country?: string;
  category?: string;
  near?: string;
  island?: string;
}

/** USPS-style split of the street, kept for standardization and verification. */
export interface StreetParts {
  preDirection?: string;
  /** Prefix type used by numbered highways and Spanish/French streets ("US HWY", "CALLE", "RUE"). */
  preType?: string;
  streetName?: string;
  streetType?: string;
  postDirection?: string;
}

export interface UnitParts {
  designator?: string;
  id?: string;
}

export type SpecialDelivery =
  | { kind: 'poBox'; id: string }
  | { kind: 'ruralRoute'; route: string; box?: string }
  | { kind: 'highwayContract'; route: string; box?: string }
  | { kind: 'military'; unit: string; box?: string; designator: 'PSC' | 'CMR' | 'UNIT' }
  | { kind: 'generalDelivery' };

/** Everything the parser learned: the public fields plus the structured parts. */
export interface ParsedAddressDetail {
  fields: ParsedAddress;
  street: StreetParts;
  unit: UnitParts;
  special?: SpecialDelivery;
  /** Set when the road is an intersection ("Main St & 2nd Ave"). */
  intersection?: { first: string; second: string };
  /** Puerto Rico urbanization name ("URB LAS GLADIOLAS"). */
  urbanization?: string;
  /** "c/o", "attn" and firm lines. */
  careOf?: string;
  /** APO / FPO / DPO when the city is a military post office. */
  militaryPostOffice?: 'APO' | 'FPO' | 'DPO';
  /** ISO alpha-2 when the parser could tell the country (from a name, code, postcode or state). */
  countryCode?: string;
  /** Which solver ran: US-style (number first) or international. */
  layout: 'us' | 'intl';
}
