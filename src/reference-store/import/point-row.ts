import { createHash } from 'node:crypto';
import type { DeliveryFacts, ReferencePoint } from '../../engines/address/verify/reference-point.js';
import { numberKey, streetKey, unitKey } from '../../engines/address/verify/reference-point.js';

// COPY text format: backslash, tab, newline and carriage return are escaped; \N is NULL.
const SPECIAL = /[\\\t\n\r]/;
const escapeCopy = (v: string) =>
  SPECIAL.test(v)
    ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : v;
const text = (v: string | undefined) => (v === undefined || v === '' ? '\\N' : escapeCopy(v));
/** A NOT NULL column: empty stays empty (a country without regions, a point without a postcode). */
const required = (v: string) => escapeCopy(v);

/**
 * The identity of a point: the same address from two files (or one file twice) is one row.
 * US and Canadian identities are those of the first importer (so re-importing an old file
 * still adds nothing); other countries' add the country and, as postcodes may be missing, the city.
 */
export function recordHash(p: ReferencePoint, country = 'US'): string {
  const address = `${p.state}|${p.zip}|${numberKey(p.number)}|${streetKey(p.street)}|${unitKey(p.unitId)}`;
  const identity = country === 'US' || country === 'CA' ? address : `${country}|${p.city}|${address}`;
  return createHash('md5').update(identity).digest('hex');
}

/** One staging-table line, in the column order of COPY_COLUMNS. */
export function copyLine(
  p: ReferencePoint,
  source: string,
  sourceId: string | undefined,
  country = 'US',
  delivery?: DeliveryFacts,
): string {
  const s = p.street;
  const line = [
    `\\\\x${recordHash(p, country)}`,
    country,
    text(source),
    text(sourceId),
    required(p.zip),
    required(p.state),
    required(p.city),
    required(p.number),
    text(s.preDirection),
    text(s.preType),
    text(s.name),
    text(s.type),
    text(s.postDirection),
    text(p.unitDesignator),
    text(p.unitId),
    String(p.lat),
    String(p.lon),
  ].join('\t');
  // NAD's delivery fields (migration 0057); NULL for every other source.
  return delivery ? `${line}\t${deliveryCells(delivery)}` : line + NO_DELIVERY;
}

const NO_DELIVERY = '\t\\N'.repeat(7);

// The add-on is four digits (nad-columns.ts): nothing to escape.
const deliveryCells = (d: DeliveryFacts) =>
  `${d.plus4 ?? '\\N'}\t${text(d.addressType)}\t${text(d.deliveryType)}\t${text(d.lifecycle)}\t${text(d.placement)}\t${text(d.postCity)}\t${text(d.urbanization)}`;

export const COPY_COLUMNS =
  'record_hash, country, source, source_id, zip, state, city, number, pre_direction, pre_type, street_name, street_type, post_direction, unit_designator, unit_id, lat, lon, plus4, address_type, delivery_type, lifecycle, placement, post_city, urbanization';
