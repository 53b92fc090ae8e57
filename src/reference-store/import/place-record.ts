import { reference } from '../../engines/address/index.js';
import { cleanText } from '../../engines/address/verify/clean-text.js';
import { pointFromRecord, type SourceRecord } from '../../engines/address/verify/point-from-record.js';
import type { ReferencePoint } from '../../engines/address/verify/reference-point.js';
import { readUnit } from '../../engines/address/verify/unit-form.js';
import { isRetired } from './nad-columns.js';

/** Where a file's records are, when the records do not say: from flags, or the file's path. */
export interface PlaceHint {
  /** ISO alpha-2 (`--country`, or `us/` in an OpenAddresses path). */
  country?: string;
  /** Region code or name (`--region`, or `ky/` in `us/ky/...`): used for records without one. */
  region?: string;
}

export interface PlacedPoint {
  country: string;
  point: ReferencePoint;
}

const NORTH_AMERICA = new Set(['US', 'CA']);

/**
 * A record -> a stored point and its country, or why it cannot be one. US and Canadian records
 * are standardized as the verifier reads them (street split into parts, ZIP and state checked
 * against the bundled tables). Other countries' points keep the street as one upper-case name
 * (no country's street grammar is assumed), the region as given, the postcode as written
 * (upper case, single spaces): the same columns and indexes, compared the same way.
 */
export function placeRecord(record: SourceRecord, hint: PlaceHint): PlacedPoint | string {
  // No longer an address (NAD Lifecycle "Retired"): not a reference point, so not stored at all.
  if (record.delivery && isRetired(record.delivery.lifecycle)) return 'retired (NAD Lifecycle)';
  const given = record.region ? record : hint.region ? { ...record, region: hint.region } : record;
  if (!hint.country || NORTH_AMERICA.has(hint.country)) {
    const point = pointFromRecord(given);
    if (typeof point === 'string') return point;
    const country = /^[A-Z]/.test(point.zip) ? 'CA' : 'US';
    if (hint.country && hint.country !== country) return `postcode not of ${hint.country}`;
    return { country, point };
  }
  return worldPoint(given, hint.country);
}

const upper = (s: string | undefined) => cleanText(s);

function worldPoint(r: SourceRecord, country: string): PlacedPoint | string {
  const number = upper(r.number).replace(/\s*-\s*/g, '-');
  const street = upper(r.street);
  const postcode = upper(r.postcode);
  const city = upper(r.city) || upper(r.district);
  const lat = Number(r.lat);
  const lon = Number(r.lon);
  if (!number) return 'no number';
  if (!street) return 'no street';
  if (!postcode && !city) return 'no postcode or city';
  if (postcode && reference.isValidPostcode(country, postcode) === false) return `postcode not of ${country}`;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return 'no position';
  const unit = readUnit(r.unit);
  return {
    country,
    point: {
      zip: postcode,
      state: upper(r.region),
      city,
      number,
      street: { name: street },
      ...(unit?.designator ? { unitDesignator: unit.designator } : {}),
      ...(unit?.id ? { unitId: unit.id } : {}),
      lat,
      lon,
    },
  };
}

/**
 * Country and region from an OpenAddresses path, read from its last segments only:
 * "us/ky/jefferson.csv" -> US, KY; "de/berlin.geojson" -> DE. Only a known two-letter country
 * code counts. Callers use it for zip members and OpenAddresses download URLs, never for a
 * local path ("/home/me/file.csv" is not Montenegro).
 */
export function hintFromPath(name: string): PlaceHint {
  const parts = name.toLowerCase().split(/[\\/]/).filter(Boolean);
  const [country, region] =
    parts.length >= 3 && /^[a-z]{2}$/.test(parts.at(-3)!) && /^[a-z]{2}$/.test(parts.at(-2)!)
      ? [parts.at(-3)!, parts.at(-2)!.toUpperCase()]
      : parts.length >= 2 && /^[a-z]{2}$/.test(parts.at(-2)!)
        ? [parts.at(-2)!, undefined]
        : [undefined, undefined];
  const known = country ? reference.country(country) : undefined;
  if (!known || known.alpha2.toLowerCase() !== country) return {};
  return { country: known.alpha2, ...(region ? { region } : {}) };
}
