/**
 * Standardization of a parsed street line to USPS Publication 28 form (upper case,
 * standard suffix, directional and unit abbreviations), or Canada Post form for
 * Canadian addresses; `properCase` for the mixed-case variant.
 */
import { canadaStreetType } from '../tables/canada.js';
import { directional } from '../tables/directionals.js';
import { uspsSuffix } from '../tables/usps-street-suffixes.js';
import { unitDesignator } from '../tables/usps-unit-designators.js';
import type { ParsedAddressDetail, SpecialDelivery } from '../types.js';
import { properCase } from './proper-case.js';

export interface StandardizeOptions {
  properCase?: boolean;
  /** 'CA' uses Canada Post street types; anything else USPS. */
  country?: string;
}

/** The street line in standard parts, all upper case. */
export interface StandardStreet {
  number?: string;
  preDirection?: string;
  preType?: string;
  name?: string;
  type?: string;
  postDirection?: string;
  unitDesignator?: string;
  unitId?: string;
  /** "PO BOX 123", "RR 2 BOX 152"... when the line is a delivery form instead of a street. */
  delivery?: string;
}

/** Highway words as Pub 28 writes them in the primary name (section 234). */
const ROUTE_WORDS: Record<string, string> = {
  HWY: 'HIGHWAY',
  HIWAY: 'HIGHWAY',
  HIGHWY: 'HIGHWAY',
  HWAY: 'HIGHWAY',
  RTE: 'ROUTE',
  RT: 'ROUTE',
  SR: 'STATE ROUTE',
  CR: 'COUNTY ROAD',
  RD: 'ROAD',
  CO: 'COUNTY',
  CNTY: 'COUNTY',
  I: 'INTERSTATE',
  'U S': 'US',
};

const clean = (s: string | undefined) =>
  (s ?? '').toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

export function standardDirection(word: string | undefined, country?: string): string | undefined {
  if (!word) return undefined;
  const d = directional(clean(word));
  if (!d) return clean(word);
  // Canada Post keeps French O / NO / SO; USPS uses English letters.
  return country === 'CA' || d.lang === 'en' ? d.abbr : d.abbr.replace('O', 'W');
}

export function standardStreetType(word: string | undefined, country?: string): string | undefined {
  if (!word) return undefined;
  const key = clean(word);
  if (country === 'CA') return canadaStreetType(key)?.abbr ?? uspsSuffix(key)?.abbr ?? key;
  return uspsSuffix(key)?.abbr ?? canadaStreetType(key)?.abbr ?? key;
}

function deliveryLine(special: SpecialDelivery): string {
  switch (special.kind) {
    case 'poBox':
      return `PO BOX ${special.id}`;
    case 'ruralRoute':
      return `RR ${special.route}${special.box ? ` BOX ${special.box}` : ''}`;
    case 'highwayContract':
      return `HC ${special.route}${special.box ? ` BOX ${special.box}` : ''}`;
    case 'military':
      return `${special.designator} ${special.unit}${special.box ? ` BOX ${special.box}` : ''}`;
    case 'generalDelivery':
      return 'GENERAL DELIVERY';
  }
}

export function standardizeParts(d: ParsedAddressDetail, country = d.countryCode): StandardStreet {
  const out: StandardStreet = {};
  if (d.special) out.delivery = deliveryLine(d.special);
  if (d.fields.houseNumber) out.number = clean(d.fields.houseNumber).replace(/\s*-\s*/g, '-');
  const s = d.street;
  out.preDirection = standardDirection(s.preDirection, country);
  if (s.preType) {
    out.preType = clean(s.preType)
      .split(' ')
      .map((w) => ROUTE_WORDS[w] ?? (country === 'CA' ? (canadaStreetType(w)?.abbr ?? w) : w))
      .join(' ');
  }
  if (s.streetName) out.name = clean(s.streetName);
  out.type = standardStreetType(s.streetType, country);
  out.postDirection = standardDirection(s.postDirection, country);
  if (d.unit.designator || d.unit.id) {
    const u = d.unit.designator ? unitDesignator(clean(d.unit.designator)) : undefined;
    out.unitDesignator = u ? u.abbr : d.unit.designator ? clean(d.unit.designator) : '#';
    if (d.unit.id) out.unitId = clean(d.unit.id).replace(/^#/, '');
  }
  for (const k of Object.keys(out) as Array<keyof StandardStreet>) if (!out[k]) delete out[k];
  return out;
}

/** "145 MULBERRY ST PH D" (default) or "145 Mulberry St Ph D" (`properCase`). */
export function standardizeStreetLine(d: ParsedAddressDetail, options: StandardizeOptions = {}): string {
  const p = standardizeParts(d, options.country ?? d.countryCode);
  const street = [p.number, p.preDirection, p.preType, p.name, p.type, p.postDirection];
  const unit = [p.unitDesignator, p.unitId];
  const line = (p.delivery && !p.name ? [p.delivery, ...unit] : [...street, ...unit])
    .filter(Boolean)
    .join(' ');
  return options.properCase ? properCase(line) : line;
}
