import type { SourceRecord } from '../../engines/address/verify/point-from-record.js';
import { ImportInputError } from './import-errors.js';

/** The fields a reference record has, named as in the OpenAddresses layout. */
export const FIELDS = [
  'number',
  'street',
  'unit',
  'city',
  'district',
  'region',
  'postcode',
  'lat',
  'lon',
  'id',
] as const;
type Field = (typeof FIELDS)[number];

/** Common names for the OpenAddresses columns in other files ("state" for region, "zip" for postcode). */
const ALIASES: Partial<Record<Field, string[]>> = {
  region: ['state', 'province'],
  postcode: ['zip', 'zipcode', 'postal_code', 'postalcode'],
  lat: ['latitude', 'y'],
  lon: ['lng', 'longitude', 'x'],
};

export class MapError extends ImportInputError {}

/**
 * `--map "number=number+number_suffix,street=street_name+street_type,..."` -> field -> columns.
 * Without a spec, each field is the column of the same name (or a usual alias), any case.
 */
export function columnMap(header: string[], spec?: string): (row: string[]) => SourceRecord {
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const find = (name: string) => {
    const i = index.get(name.trim().toLowerCase());
    if (i === undefined)
      throw new MapError(`column "${name}" is not in the file (columns: ${header.join(', ')})`);
    return i;
  };
  const plan = new Map<Field, number[]>();
  if (spec) {
    for (const part of spec.split(',')) {
      const [field, columns] = part.split('=').map((s) => s?.trim());
      if (!FIELDS.includes(field as Field) || !columns)
        throw new MapError(`bad --map entry "${part}" (fields: ${FIELDS.join(', ')})`);
      plan.set(field as Field, columns.split('+').map(find));
    }
  } else {
    for (const field of FIELDS) {
      const name = [field, ...(ALIASES[field] ?? [])].find((n) => index.has(n));
      if (name) plan.set(field, [find(name)]);
    }
  }
  for (const required of ['number', 'street', 'lat', 'lon'] as const)
    if (!plan.has(required)) throw new MapError(`no column for "${required}"; use --map ${required}=COLUMN`);
  const entries = [...plan.entries()];
  return (row) => {
    const record: SourceRecord = {};
    for (const [field, columns] of entries) {
      record[field] = columns
        .map((i) => row[i] ?? '')
        .filter(Boolean)
        .join(' ');
    }
    return record;
  };
}
