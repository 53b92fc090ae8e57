import { geocode } from '../geocode/geocode.js';
import type { GeocodeResult } from '../geocode/geocode-result.js';
import { reference, properCase as toProperCase } from '../index.js';
import { urbanizationOf, zipPlus4Of } from './delivery.js';
import { type AddressDetails, detailsOf } from './details.js';
import type { ErrorsObject } from './findings.js';
import type { VerifyOptions } from './input.js';
import { streetKey } from './reference-point.js';
import type { Verification } from './verification.js';

/** Spec 2.2 as the wire carries it: country lower case, countryName upper case. */
export interface VerifiedAddress {
  line1: string;
  line2?: string;
  city: string;
  provinceOrState: string;
  postalOrZip: string;
  country: string;
  countryName: string;
  provinceOrStateName?: string;
  firmName?: string;
  status: Verification['status'];
  errors: ErrorsObject;
  /** The ZIP+4 add-on ("5178"), from the matched point's source (NAD Plus_4); else absent. */
  zipPlus4?: string;
  details?: AddressDetails;
  geocodeResult?: GeocodeResult;
}

const COUNTRY_NAMES = { US: 'UNITED STATES', CA: 'CANADA' } as const;

/** "APT 4B", "# 73", "" without a unit. */
function unitText(v: Verification): string {
  return v.unit ? [v.unit.designator ?? (v.unit.id ? '#' : ''), v.unit.id].filter(Boolean).join(' ') : '';
}

/** The delivery line; the unit stays off it when the input gave the unit on line2. */
export function streetLine(v: Verification): string {
  const street = v.street ? streetKey(v.street) : '';
  const unit = v.read.unitOnLine2 ? '' : unitText(v);
  if (v.poBox && !street) return [`PO BOX ${v.poBox}`, unit].filter(Boolean).join(' ');
  return [v.number, street, unit].filter(Boolean).join(' ');
}

/**
 * line2: the unit where the input put it there, else a Puerto Rico urbanization (the matched
 * point's, else the input's), else line2 as written.
 */
function secondLine(v: Verification): string | undefined {
  if (v.read.unitOnLine2) return unitText(v) || undefined;
  return urbanizationOf(v) ?? v.read.line2;
}

function stateName(state: string | undefined): string | undefined {
  const region = state ? reference.stateByNameOrCode(state) : undefined;
  if (!region) return undefined;
  return (region.country === 'US' ? region.state.name : region.province.en).toUpperCase();
}

/** The engine's verification as the API returns it (zipPlus4 only from a matched point that has one). */
export function present(v: Verification, options: VerifyOptions = {}): VerifiedAddress {
  const pc = (s: string) => (options.properCase ? toProperCase(s) : s);
  const line1 = streetLine(v) || v.read.written.line || '';
  const line2 = secondLine(v);
  const provinceOrStateName = stateName(v.state);
  const zipPlus4 = zipPlus4Of(v);
  return {
    line1: pc(line1),
    ...(line2 ? { line2: pc(line2) } : {}),
    city: pc(v.city ?? ''),
    provinceOrState: v.state ?? '',
    postalOrZip:
      v.zip && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(v.zip)
        ? `${v.zip.slice(0, 3)} ${v.zip.slice(3)}`
        : (v.zip ?? ''),
    country: v.country.toLowerCase(),
    countryName: COUNTRY_NAMES[v.country],
    ...(provinceOrStateName
      ? { provinceOrStateName: options.properCase ? toProperCase(provinceOrStateName) : provinceOrStateName }
      : {}),
    ...(v.read.firmName ? { firmName: pc(v.read.firmName) } : {}),
    status: v.status,
    errors: v.errors,
    ...(zipPlus4 ? { zipPlus4 } : {}),
    ...(options.includeDetails ? { details: detailsOf(v) } : {}),
    ...(options.geocode ? withGeocode(v) : {}),
  };
}

function withGeocode(v: Verification): { geocodeResult?: GeocodeResult } {
  const result = geocode(v);
  return result ? { geocodeResult: result } : {};
}
