import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { pointFromRecord, type SourceRecord } from '../../src/engines/address/verify/point-from-record.js';
import type { ReferencePoint } from '../../src/engines/address/verify/reference-point.js';

/** The shared test data (never copied into the repo). */
export const SHARED_DATA = path.resolve(import.meta.dirname, '../../../shared/data');

/** Reads an OpenAddresses-layout CSV from ../shared/data/reference into points (engine tests and benches). */
export function readReferencePoints(
  file: string,
  map: (row: Record<string, string>) => SourceRecord = toSource,
): ReferencePoint[] {
  const rows: Record<string, string>[] = parse(readFileSync(path.join(SHARED_DATA, 'reference', file)), {
    columns: true,
  });
  return rows
    .map(map)
    .map(pointFromRecord)
    .filter((p): p is ReferencePoint => typeof p !== 'string');
}

const toSource = (row: Record<string, string>): SourceRecord => ({
  number: row.number,
  street: row.street,
  unit: row.unit,
  city: row.city,
  region: row.state ?? row.region,
  postcode: row.postcode,
  lat: row.lat,
  lon: row.lon,
});
