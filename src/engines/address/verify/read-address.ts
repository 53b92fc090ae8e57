import { type ParsedAddressDetail, parseAddressDetail, reference } from '../index.js';
import { unitDesignator } from '../tables/usps-unit-designators.js';
import { cleanText } from './clean-text.js';
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
  /** The unit came on line2 of a structured input, so the answer gives it back on line2. */
  unitOnLine2?: boolean;
  /** A line2 that is not a unit ("C/O FRONT DESK"), kept as written. */
  line2?: string;
  /** Puerto Rico only: "URB" and the urbanization's name, upper case. */
  urbanization?: string;
}

const clean = cleanText;
const orUndefined = (s: string) => s || undefined;

/**
 * The street-line fields of a parse. Every field is set (absent ones undefined), in one
 * order, so every ReadAddress has one shape: building them with spreads cost more than
 * matching a clean input.
 */
function fromDetail(
  d: ParsedAddressDetail,
  country: string | undefined,
  area: { city?: string; state?: string; zip?: string; country?: string; firmName?: string },
): ReadAddress {
  const houseNumber = d.fields.houseNumber;
  const line = [houseNumber, d.fields.road, d.fields.unit].filter(Boolean).join(' ');
  return {
    number: houseNumber ? clean(houseNumber).replace(/\s*-\s*/g, '-') : undefined,
    street: streetFormOf(d, country === 'CA' ? 'CA' : 'US'),
    unit:
      d.unit.designator || d.unit.id ? readUnit(`${d.unit.designator ?? ''} ${d.unit.id ?? ''}`) : undefined,
    written: {
      line: orUndefined(clean(line)),
      type: orUndefined(clean(d.street.streetType)),
      preDirection: orUndefined(clean(d.street.preDirection)),
      postDirection: orUndefined(clean(d.street.postDirection)),
      unitDesignator: orUndefined(clean(d.unit.designator)),
    },
    poBox: d.special?.kind === 'poBox' ? d.special.id : undefined,
    city: area.city,
    state: area.state,
    zip: area.zip,
    country: area.country,
    firmName: area.firmName,
  };
}

function fromFreeform(d: ParsedAddressDetail): ReadAddress {
  return fromDetail(d, d.countryCode, {
    city: orUndefined(clean(d.fields.city)),
    state: orUndefined(clean(d.fields.state)),
    zip: orUndefined(clean(d.fields.postcode)),
    country: d.countryCode,
  });
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
  const read = fromDetail(parseAddressDetail(input.line1), country, {
    city: orUndefined(clean(input.city)),
    state: orUndefined(clean(input.provinceOrState)),
    zip: orUndefined(clean(input.postalOrZip)),
    country,
    firmName: input.recipient ? clean(input.recipient) : undefined,
  });
  const line2 = clean(input.line2);
  if (line2 && !read.unit && isUnitText(line2)) {
    read.unit = readUnit(line2);
    read.written.unitDesignator = line2.split(' ')[0];
    read.unitOnLine2 = true;
  } else if (line2) read.line2 = line2;
  read.urbanization = urbanizationOf(input, read);
  return read;
}

/** "APT 5", "#4", "STE 2I", "5B", "0 C": a designator or "#" first, or one short id. */
function isUnitText(line: string): boolean {
  if (line.startsWith('#')) return true;
  const words = line.split(' ');
  if (unitDesignator(words[0])) return true;
  return /^[A-Z0-9-]{1,8}$/.test(words.join(''));
}

/**
 * An urbanization counts only in Puerto Rico (by the state or, failing that, the ZIP: 006-009),
 * written the USPS way: "URB" and the name.
 */
function urbanizationOf(input: Exclude<VerifyInput, string>, read: ReadAddress): string | undefined {
  const name = clean(input.urbanization).replace(/^(URBANIZACION|URBANIZATION|URB)\b\s*/, '');
  if (!name) return undefined;
  const state = read.state ? reference.stateByNameOrCode(read.state) : undefined;
  const inPuertoRico = state?.country === 'US' ? state.state.code === 'PR' : /^00[6-9]/.test(read.zip ?? '');
  return inPuertoRico ? `URB ${name}` : undefined;
}
