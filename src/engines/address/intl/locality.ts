/**
 * Confirms a locality (and its region) from the bundled gazetteer: GeoNames towns for every
 * country, and for the US the ZIP table (a ZIP's own cities). A town is confirmed only where
 * the data lists it; a region only where the town lies in it.
 */
import { reference } from '../reference/index.js';
import { type Place, placesNamed } from './places.js';
import { type Region, regionOfPlace } from './regions.js';

export interface LocalityCheck {
  /** Towns of this name in the country (any region). */
  places: readonly Place[];
  /** Those inside the region given (all of them when none was given). */
  inRegion: readonly Place[];
  /** The town exists, but not in the region given. */
  conflict: boolean;
}

/** Japanese and Korean municipalities carry a type suffix the gazetteer leaves off ("Chiyoda-ku"). */
const TYPE_SUFFIX = /[\s-](KU|SHI|CHO|MACHI|MURA|GUN|SI|GU)$/i;

function placesFor(alpha2: string, city: string): readonly Place[] {
  const found = placesNamed(alpha2, city);
  if (found.length || !TYPE_SUFFIX.test(city)) return found;
  return placesNamed(alpha2, city.replace(TYPE_SUFFIX, ''));
}

/** Whether a place lies in a region (of either GeoNames level). */
export const inside = (p: Place, r: Region) =>
  r.level === 'admin1' ? p.admin1 === r.geonames : `${p.admin1}.${p.admin2}` === r.geonames;

export function checkLocality(
  alpha2: string,
  city: string | undefined,
  regions: readonly Region[],
): LocalityCheck {
  if (!city) return { places: [], inRegion: [], conflict: false };
  const places = placesFor(alpha2, city);
  const inRegion = regions.length ? places.filter((p) => regions.some((r) => inside(p, r))) : places;
  return { places, inRegion, conflict: places.length > 0 && regions.length > 0 && inRegion.length === 0 };
}

/** US: whether the ZIP's own cities include this one (the ZIP table is the better gazetteer there). */
export function usZipHasCity(zip: string, city: string | undefined): boolean | undefined {
  const record = reference.zip(zip);
  if (!record) return undefined;
  if (!city) return false;
  const key = city.toUpperCase().replace(/\./g, '').trim();
  return [record.city, ...record.acceptableCities].some((c) => c.toUpperCase() === key);
}

/** The one region all these towns share (to fill a missing region from a confirmed town), if any. */
export function sharedRegion(
  alpha2: string,
  places: readonly Place[],
  level: 'admin1' | 'admin2',
): Region | undefined {
  const keys = new Set(places.map((p) => (level === 'admin2' ? `${p.admin1}.${p.admin2}` : p.admin1)));
  if (keys.size !== 1) return undefined;
  const p = places[0];
  return regionOfPlace(alpha2, p.admin1, p.admin2, level);
}
