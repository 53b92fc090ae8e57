import { reference } from '../index.js';
import type { DeliveryFacts, ReferencePoint } from './reference-point.js';
import { referenceStreet } from './street-form.js';
import { readUnit } from './unit-form.js';

/** One source record in the OpenAddresses column layout (after any --map). */
export interface SourceRecord {
  number?: string;
  street?: string;
  unit?: string;
  city?: string;
  district?: string;
  region?: string;
  postcode?: string;
  lat?: string;
  lon?: string;
  id?: string;
  /**
   * NAD only: what the file says about delivery at the point, as stored (nad-columns.ts; set
   * only when any is). The importer writes it beside the point (copyLine).
   */
  delivery?: DeliveryFacts;
}

const upper = (s: string | undefined) => (s ?? '').toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * A source record -> a standardized reference point, or the reason it cannot be one.
 * Region names and codes are both accepted ("Kentucky", "KY"); a record without a ZIP,
 * number, street or position cannot be matched or geocoded and is skipped.
 */
export function pointFromRecord(r: SourceRecord): ReferencePoint | string {
  const number = upper(r.number).replace(/\s*-\s*/g, '-');
  const street = upper(r.street);
  const zip = upper(r.postcode).replace(/-\d{4}$/, '');
  const lat = Number(r.lat);
  const lon = Number(r.lon);
  if (!number) return 'no number';
  if (!street) return 'no street';
  if (!/^\d{5}$/.test(zip) && !/^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(zip)) return 'no postcode';
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return 'no position';
  const region = r.region ? reference.stateByNameOrCode(r.region) : undefined;
  const state = region
    ? region.country === 'US'
      ? region.state.code
      : region.province.code
    : reference.zip(zip)?.state;
  if (!state) return 'no region';
  const unit = readUnit(r.unit);
  return {
    zip: zip.replace(' ', ''),
    state,
    city: upper(r.city || r.district) || (reference.zip(zip)?.city.toUpperCase() ?? ''),
    number,
    street: referenceStreet(street),
    ...(unit?.designator ? { unitDesignator: unit.designator } : {}),
    ...(unit?.id ? { unitId: unit.id } : {}),
    lat,
    lon,
  };
}
