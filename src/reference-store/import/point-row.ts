import { createHash } from 'node:crypto';
import type { ReferencePoint } from '../../engines/address/verify/reference-point.js';
import { numberKey, streetKey, unitKey } from '../../engines/address/verify/reference-point.js';

// COPY text format: backslash, tab and newline are escaped; \N is NULL.
const text = (v: string | undefined) =>
  v === undefined || v === '' ? '\\N' : v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

/** The identity of a point: the same address from two files (or one file twice) is one row. */
export function recordHash(p: ReferencePoint): string {
  const identity = `${p.state}|${p.zip}|${numberKey(p.number)}|${streetKey(p.street)}|${unitKey(p.unitId)}`;
  return createHash('md5').update(identity).digest('hex');
}

/** One staging-table line, in the column order of COPY_COLUMNS. */
export function copyLine(p: ReferencePoint, source: string, sourceId: string | undefined): string {
  const s = p.street;
  return [
    `\\\\x${recordHash(p)}`,
    text(source),
    text(sourceId),
    text(p.zip),
    text(p.state),
    text(p.city),
    text(p.number),
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
}

export const COPY_COLUMNS =
  'record_hash, source, source_id, zip, state, city, number, pre_direction, pre_type, street_name, street_type, post_direction, unit_designator, unit_id, lat, lon';
