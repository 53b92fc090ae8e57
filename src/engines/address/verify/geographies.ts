import { geocode } from '../geocode/geocode.js';
import { type CensusDetails, censusDetails } from '../geography/census-details.js';
import type { GeographySource, PlacedAreas } from '../geography/layers.js';
import { reference } from '../index.js';
import type { AddressDetails } from './details.js';
import type { Verification } from './verification.js';

/**
 * Where a verification is placed in the census layers: the matched point, else the position
 * interpolated between the street's neighbouring numbers. A street's middle, a ZIP's or a
 * state's centre would put the address in whatever block or district that centre falls in: a
 * guess, so those are not placed.
 */
export function placementOf(v: Verification): { lat: number; lng: number } | undefined {
  if (v.country !== 'US' || (!v.point && !v.streetPoints?.length)) return undefined;
  const g = geocode(v);
  return g && (g.accuracyType === 'rooftop' || g.accuracyType === 'range_interpolation')
    ? g.location
    : undefined;
}

/** The areas holding the verification's point (a plain value when the layers are in memory). */
export function placeVerification(
  source: GeographySource,
  v: Verification,
): PlacedAreas | Promise<PlacedAreas> | undefined {
  const at = placementOf(v);
  return at ? source.place(at.lng, at.lat) : undefined;
}

/**
 * Adds the census and legislative fields to an answer's details. The congressional district
 * from the district layer replaces the ZCTA table's (which is kept where no imported district
 * holds the point); a county FIPS from the layers sets countyNum, and the county's name comes
 * from the county layer, else from the ZIP's counties when one has that FIPS, else is left out
 * (the ZIP's first county would be another county's name).
 */
export function addGeographies(
  details: AddressDetails & CensusDetails,
  v: Verification,
  areas: PlacedAreas,
): void {
  const census = censusDetails(areas);
  if (census.usCensusFIPS) {
    details.countyNum = census.usCensusFIPS.slice(2);
    const name =
      areas.county?.name ??
      (v.zip ? reference.zip(v.zip)?.counties.find((c) => c.fips === census.usCensusFIPS)?.name : undefined);
    if (name) details.county = name.toUpperCase();
    else delete details.county;
  }
  Object.assign(details, census);
}
