import { geocode } from '../geocode/geocode.js';
import type { GeocodeResult } from '../geocode/geocode-result.js';
import type { PlacedAreas } from '../geography/layers.js';
import { reference, properCase as toProperCase } from '../index.js';
import { US_ADDRESS_FIELDS, type UsAddressFacts } from './address-fields.js';
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
  /** The ZIP+4 add-on ("5178"): the matched NAD point's Plus_4, else the range side's PLUS4; else absent. */
  zipPlus4?: string;
  details?: AddressDetails;
  geocodeResult?: GeocodeResult;
}

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

/**
 * The engine's verification as the API returns it: the rows of US_ADDRESS_FIELDS that have a
 * value, in their order (zipPlus4 only from a matched point or range side that has one).
 * `areas` are the imported census layers holding the address, for details.
 */
export function present(v: Verification, options: VerifyOptions = {}, areas?: PlacedAreas): VerifiedAddress {
  const pc = (s: string) => (options.properCase ? toProperCase(s) : s);
  const line2 = secondLine(v);
  const stateFull = stateName(v.state);
  const facts: UsAddressFacts = {
    v,
    line1: pc(streetLine(v) || v.read.written.line || ''),
    line2: line2 ? pc(line2) : undefined,
    city: pc(v.city ?? ''),
    postalOrZip:
      v.zip && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(v.zip)
        ? `${v.zip.slice(0, 3)} ${v.zip.slice(3)}`
        : (v.zip ?? ''),
    provinceOrStateName: stateFull && options.properCase ? toProperCase(stateFull) : stateFull,
    firmName: v.read.firmName ? pc(v.read.firmName) : undefined,
    zipPlus4: zipPlus4Of(v),
    details: options.includeDetails ? detailsOf(v, areas) : undefined,
    geocodeResult: options.geocode ? geocode(v) : undefined,
  };
  const out: Record<string, unknown> = {};
  for (const row of US_ADDRESS_FIELDS) {
    const value = row.value(facts);
    if (row.always || (value !== undefined && value !== '')) out[row.field] = value;
  }
  return out as unknown as VerifiedAddress;
}
