import { type CensusDetails, censusDetails } from '../geography/census-details.js';
import type { PlacedAreas } from '../geography/layers.js';
import { reference } from '../index.js';
import { addDeliveryDetails, type DeliveryDetails } from './delivery.js';
import { US_DETAIL_FIELDS, type UsDetailFacts } from './detail-fields.js';
import type { Verification } from './verification.js';

/**
 * Spec 2.3 fields the data supports; anything unknown is left out, never guessed. Which field
 * comes from where is the table in detail-fields.ts; this is the answer's type.
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
  /** The street-range marker (detail-fields.ts, RANGE_MARKER). */
  extraInfo?: string;
}

function districtOf(zip: string): string | undefined {
  const districts = new Set(
    reference.congressionalDistricts(zip).map((d) => (d.atLarge ? 'AL' : d.district)),
  );
  // A ZCTA split between districts has no single answer: omit rather than pick one.
  return districts.size === 1 ? [...districts][0] : undefined;
}

/** `details`: each row of the table that has a value; `areas` are the imported layers holding the address. */
export function detailsOf(v: Verification, areas?: PlacedAreas): AddressDetails {
  const zip = v.country === 'US' && v.zip ? reference.zip(v.zip) : undefined;
  const delivery: DeliveryDetails = {};
  addDeliveryDetails(v, delivery);
  const facts: UsDetailFacts = {
    v,
    zip,
    zctaDistrict: zip ? districtOf(zip.zip) : undefined,
    census: areas ? censusDetails(areas) : {},
    areas,
    delivery,
  };
  const out: Record<string, string | boolean> = {};
  for (const row of US_DETAIL_FIELDS) {
    const value = row.value(facts);
    if (value !== undefined && value !== '') out[row.field] = value;
  }
  return out as AddressDetails;
}
