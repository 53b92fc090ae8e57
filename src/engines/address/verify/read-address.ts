import { type ParsedAddressDetail, parseAddressDetail, reference } from '../index.js';
import type { VerifyInput } from './input.js';
import type { StreetForm } from './reference-point.js';
import { cityLooksLikeStreetEnd, streetWithCity } from './second-reading.js';
import { streetFormOf } from './street-form.js';
import { readUnit, type UnitForm } from './unit-form.js';

/** The input split into the pieces matching works on, plus the words as written. */
export interface ReadAddress {
  number?: string;
  street?: StreetForm;
  unit?: UnitForm;
  /** Street type and directionals as written (upper case, no periods): for Verbosity errors. */
  written: {
    line?: string;
    type?: string;
    preDirection?: string;
    postDirection?: string;
    unitDesignator?: string;
  };
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

function fromDetail(d: ParsedAddressDetail, country: string | undefined): ReadAddress {
  const street = streetFormOf(d, country === 'CA' ? 'CA' : 'US');
  const unit =
    d.unit.designator || d.unit.id ? readUnit(`${d.unit.designator ?? ''} ${d.unit.id ?? ''}`) : undefined;
  return {
    ...(d.fields.houseNumber ? { number: clean(d.fields.houseNumber).replace(/\s*-\s*/g, '-') } : {}),
    ...(street ? { street } : {}),
    ...(unit ? { unit } : {}),
    written: {
      line:
        clean([d.fields.houseNumber, d.fields.road, d.fields.unit].filter(Boolean).join(' ')) || undefined,
      type: clean(d.street.streetType) || undefined,
      preDirection: clean(d.street.preDirection) || undefined,
      postDirection: clean(d.street.postDirection) || undefined,
      unitDesignator: clean(d.unit.designator) || undefined,
    },
    ...(d.special?.kind === 'poBox' ? { poBox: d.special.id } : {}),
  };
}

function fromFreeform(d: ParsedAddressDetail): ReadAddress {
  return {
    ...fromDetail(d, d.countryCode),
    city: clean(d.fields.city) || undefined,
    state: clean(d.fields.state) || undefined,
    zip: clean(d.fields.postcode) || undefined,
    country: d.countryCode,
  };
}

/**
 * The readings of an input, most likely first (a freeform line can have two). Lazy: the
 * second parse costs as much as the first and is rarely needed.
 */
export function* readAddress(input: VerifyInput): Generator<ReadAddress> {
  if (typeof input !== 'string') {
    yield readStructured(input);
    return;
  }
  const parsed = parseAddressDetail(input);
  const streetEnd = cityLooksLikeStreetEnd(parsed);
  if (!streetEnd) yield fromFreeform(parsed);
  const other = streetWithCity(parsed);
  if (other) yield fromFreeform(other);
  if (streetEnd) yield fromFreeform(parsed);
}

function readStructured(input: Exclude<VerifyInput, string>): ReadAddress {
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
