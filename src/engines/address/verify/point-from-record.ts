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
  /** NAD only: what the file says about delivery at the point (raw, trimmed; set only when any is). */
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
  const point: ReferencePoint = {
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
  if (r.delivery) withDelivery(point, r.delivery);
  return point;
}

/** A source's delivery facts on a point: cities upper case, the urbanization without its "URB". */
function withDelivery(point: ReferencePoint, d: DeliveryFacts): void {
  if (d.plus4) point.plus4 = d.plus4;
  if (d.addressType) point.addressType = d.addressType;
  if (d.deliveryType) point.deliveryType = d.deliveryType;
  if (d.lifecycle) point.lifecycle = d.lifecycle;
  if (d.placement) point.placement = d.placement;
  const postCity = upper(d.postCity);
  if (postCity) point.postCity = postCity;
  const urbanization = upper(d.urbanization).replace(/^(URBANIZACION|URBANIZATION|URB)\b\.?\s*/, '');
  if (urbanization) point.urbanization = urbanization;
}
