import type { Queryable } from '../db/pool.js';
import type { IntlPoint } from '../engines/address/intl/index.js';
import { type PointRow, toPoints } from './points.repo.js';

/**
 * International verification's and completions' reads of address_points (any country; the
 * country column and its indexes: migrations 0046/0047). A point's id is its record hash.
 */
const COLUMNS = `encode(p.record_hash, 'hex') AS id, p.country, p.zip, p.state, p.city, p.number, p.pre_direction,
  p.pre_type, p.street_name, p.street_type, p.post_direction, p.unit_designator, p.unit_id, p.lat, p.lon`;

type Row = PointRow & { id: string; country: string };

function toIntl(rows: Row[]): IntlPoint[] {
  const points = toPoints(rows);
  return points.map((p, i) => ({ ...p, id: rows[i].id, country: rows[i].country }));
}

/** A country's points of one postal code (stored compact or as written: both forms are asked). */
export async function intlPointsByPostcode(
  db: Queryable,
  country: string,
  postcode: string,
): Promise<IntlPoint[]> {
  const res = await db.query<Row>({
    name: 'intl-points-by-postcode',
    text: `SELECT ${COLUMNS} FROM address_points p WHERE p.country = $1 AND replace(replace(p.zip, ' ', ''), '-', '') = $2
             AND p.zip = ANY($3::text[]) LIMIT 20000`,
    values: [country, postcode, zipForms(postcode)],
  });
  return toIntl(res.rows);
}

/** A country's points in one locality (upper case, as stored). */
export async function intlPointsByLocality(
  db: Queryable,
  country: string,
  locality: string,
): Promise<IntlPoint[]> {
  const res = await db.query<Row>({
    name: 'intl-points-by-locality',
    text: `SELECT ${COLUMNS} FROM address_points p WHERE p.country = $1 AND p.city = $2 LIMIT 20000`,
    values: [country, locality],
  });
  return toIntl(res.rows);
}

/** The forms a compact postal code may be stored in: "SW1A2AA", "SW1A 2AA", "100-0005". */
function zipForms(compact: string): string[] {
  const forms = new Set([compact]);
  for (let i = 2; i < compact.length - 1; i++) {
    forms.add(`${compact.slice(0, i)} ${compact.slice(i)}`);
    forms.add(`${compact.slice(0, i)}-${compact.slice(i)}`);
  }
  return [...forms];
}

export interface PreviewFilter {
  countries?: string[];
  city?: string;
  postal?: string;
}

/**
 * Points whose street line ("10 DOWNING STREET", "RUE DE RIVOLI") starts with what was typed,
 * in the filter's countries. `number` narrows to house numbers starting so.
 */
export async function intlPointsByStreetPrefix(
  db: Queryable,
  street: string,
  number: string | undefined,
  filter: PreviewFilter,
  rows: number,
): Promise<IntlPoint[]> {
  const res = await db.query<Row>({
    name: 'intl-points-by-street-prefix',
    text: `SELECT ${COLUMNS} FROM address_points p
            WHERE ($1::text[] IS NULL OR p.country = ANY($1))
              AND starts_with(concat_ws(' ', p.pre_direction, p.pre_type, p.street_name, p.street_type, p.post_direction), $2)
              AND ($3::text IS NULL OR starts_with(p.number, $3))
              AND ($4::text IS NULL OR starts_with(p.city, $4))
              AND ($5::text IS NULL OR starts_with(replace(replace(p.zip, ' ', ''), '-', ''), $5))
            ORDER BY p.country, p.street_name, length(p.number), p.number, p.unit_id NULLS FIRST
            LIMIT $6`,
    values: [
      filter.countries ?? null,
      street,
      number ?? null,
      filter.city ?? null,
      filter.postal ?? null,
      rows,
    ],
  });
  return toIntl(res.rows);
}

export interface BuildingKey {
  country: string;
  zip: string;
  number: string;
  street: string;
}

/** Every point of one building (a Container preview's units). */
export async function intlBuildingPoints(db: Queryable, key: BuildingKey): Promise<IntlPoint[]> {
  const res = await db.query<Row>({
    name: 'intl-building-points',
    text: `SELECT ${COLUMNS} FROM address_points p
            WHERE p.country = $1 AND p.zip = $2 AND p.number = $3
              AND concat_ws(' ', p.pre_direction, p.pre_type, p.street_name, p.street_type, p.post_direction) = $4
            ORDER BY length(p.unit_id), p.unit_id NULLS FIRST LIMIT 1000`,
    values: [key.country, key.zip, key.number, key.street],
  });
  return toIntl(res.rows);
}

/** One point by id (the hex record hash), or undefined. */
export async function intlPointById(db: Queryable, id: string): Promise<IntlPoint | undefined> {
  const res = await db.query<Row>({
    name: 'intl-point-by-id',
    text: `SELECT ${COLUMNS} FROM address_points p WHERE p.record_hash = decode($1, 'hex')`,
    values: [id],
  });
  return toIntl(res.rows)[0];
}
