import type { CensusDetails } from '../geography/census-details.js';
import { reference } from '../index.js';
import { addDeliveryDetails, type DeliveryDetails } from './delivery.js';
import type { Verification } from './verification.js';

/**
 * Spec 2.3 fields the data supports; anything unknown is left out, never guessed. The census and
 * legislative ones are added from imported boundaries (geographies.ts).
 */
export interface AddressDetails extends DeliveryDetails, CensusDetails {
  county?: string;
  countyNum?: string;
  usTimeZone?: string;
  usHasDaylightSavings?: boolean;
  usCongressionalDistrictNumber?: string;
  streetNumber?: string;
  streetName?: string;
  streetType?: string;
  streetDirection?: string;
  preDirection?: string;
  postDirection?: string;
  suiteKey?: string;
  suiteID?: string;
  boxID?: string;
}

function districtOf(zip: string): string | undefined {
  const districts = new Set(
    reference.congressionalDistricts(zip).map((d) => (d.atLarge ? 'AL' : d.district)),
  );
  // A ZCTA split between districts has no single answer: omit rather than pick one.
  return districts.size === 1 ? [...districts][0] : undefined;
}

export function detailsOf(v: Verification): AddressDetails {
  const out: AddressDetails = {};
  const zip = v.country === 'US' && v.zip ? reference.zip(v.zip) : undefined;
  const county = zip?.counties[0];
  if (county) {
    out.county = county.name.toUpperCase();
    out.countyNum = county.fips.slice(-3);
  }
  if (zip?.timeZone) out.usTimeZone = zip.timeZone;
  if (zip?.hasDst !== undefined) out.usHasDaylightSavings = zip.hasDst;
  const district = zip ? districtOf(zip.zip) : undefined;
  if (district) out.usCongressionalDistrictNumber = district;
  const s = v.street;
  if (v.number) out.streetNumber = v.number;
  if (s?.name) out.streetName = [s.preType, s.name].filter(Boolean).join(' ');
  if (s?.type) out.streetType = s.type;
  if (s?.preDirection) out.preDirection = s.preDirection;
  if (s?.postDirection) out.postDirection = s.postDirection;
  if (s?.preDirection || s?.postDirection) out.streetDirection = s.preDirection ?? s.postDirection;
  if (v.unit?.designator) out.suiteKey = v.unit.designator;
  if (v.unit?.id) out.suiteID = v.unit.id;
  if (v.poBox) out.boxID = v.poBox;
  // residential, usMailingsDeliveryPoint, usMailingCheckDigit, usPostnetBarcode (NAD points).
  addDeliveryDetails(v, out);
  return out;
}
