import { type ParsedAddressDetail, parseAddressDetail, reference } from '../index.js';
import { uspsSuffix } from '../tables/usps-street-suffixes.js';
import type { VerifyInput } from './input.js';
import type { StreetForm } from './reference-point.js';
import { streetFormOf } from './street-form.js';
import { readUnit, type UnitForm } from './unit-form.js';

/** The input split into the pieces matching works on, plus the words as written. */
export interface ReadAddress {
  number?: string;
  street?: StreetForm;
  unit?: UnitForm;
  /** Street type and directionals as written (upper case, no periods): for Verbosity errors. */
  written: { type?: string; preDirection?: string; postDirection?: string; unitDesignator?: string };
  poBox?: string;
  city?: string;
  state?: string;
  zip?: string;
  /** Alpha-2 when given or inferable; undefined means "assume US". */
  country?: string;
  firmName?: string;
}

const clean = (s: string | undefined) =>
  (s ?? '').toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

// "3119 S 2ND ST, KY 40208": with the city dropped the parser can take the street type for
// the city. A "city" that is a street suffix and no known city of that state goes back to the road.
function repairCityTakenFromStreet(d: ParsedAddressDetail): ParsedAddressDetail {
  const city = clean(d.fields.city);
  if (!city || d.street.streetType || !uspsSuffix(city) || !d.street.streetName) return d;
  if (d.fields.state && reference.zipsForCity(city, d.fields.state).length) return d;
  const { city: _dropped, ...fields } = d.fields;
  return { ...d, fields, street: { ...d.street, streetType: city } };
}

function fromDetail(d: ParsedAddressDetail, country: string | undefined): ReadAddress {
  const street = streetFormOf(d, country === 'CA' ? 'CA' : 'US');
  const unit =
    d.unit.designator || d.unit.id ? readUnit(`${d.unit.designator ?? ''} ${d.unit.id ?? ''}`) : undefined;
  return {
    ...(d.fields.houseNumber ? { number: clean(d.fields.houseNumber).replace(/\s*-\s*/g, '-') } : {}),
    ...(street ? { street } : {}),
    ...(unit ? { unit } : {}),
    written: {
      type: clean(d.street.streetType) || undefined,
      preDirection: clean(d.street.preDirection) || undefined,
      postDirection: clean(d.street.postDirection) || undefined,
      unitDesignator: clean(d.unit.designator) || undefined,
    },
    ...(d.special?.kind === 'poBox' ? { poBox: d.special.id } : {}),
  };
}

export function readAddress(input: VerifyInput): ReadAddress {
  if (typeof input === 'string') {
    const d = repairCityTakenFromStreet(parseAddressDetail(input));
    const country = d.countryCode;
    return {
      ...fromDetail(d, country),
      city: clean(d.fields.city) || undefined,
      state: clean(d.fields.state) || undefined,
      zip: clean(d.fields.postcode) || undefined,
      country,
    };
  }
  const country = input.country ? reference.country(input.country)?.alpha2 : undefined;
  const read = fromDetail(parseAddressDetail(input.line1), country);
  const line2 = clean(input.line2);
  if (line2 && !read.unit) {
    read.unit = readUnit(line2);
    read.written.unitDesignator = line2.split(' ')[0];
  }
  return {
    ...read,
    city: clean(input.city) || undefined,
    state: clean(input.provinceOrState) || undefined,
    zip: clean(input.postalOrZip) || undefined,
    country,
    ...(input.recipient ? { firmName: clean(input.recipient) } : {}),
  };
}
