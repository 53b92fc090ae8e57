import type { Queryable } from '../db/pool.js';
import type { KeyRange } from '../engines/address/complete/index.js';
import type { IntlPoint, IntlPrefixPlan } from '../engines/address/intl/index.js';
import { type PointRow, toPoints } from './points.repo.js';

/**
 * International verification's and completions' reads of address_points (any country; the
 * country column and its indexes: migrations 0046/0047). A point's id is its record hash.
 */
const COLUMNS = `encode(p.record_hash, 'hex') AS id, p.country, p.zip, p.state, p.city, p.number, p.pre_direction,
  p.pre_type, p.street_name, p.street_type, p.post_direction, p.unit_designator, p.unit_id, p.lat, p.lon,
  p.plus4`;

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

/** A point's street line as a US or Canadian point writes it (other countries': the street name). */
const STREET_LINE = `concat_ws(' ', p.pre_direction, p.pre_type, p.street_name, p.street_type, p.post_direction)`;
const KEY = {
  street: `p.street_name COLLATE "C"`,
  numberStreet: `(p.number || ' ' || p.street_name) COLLATE "C"`,
} as const;
const FILTERS = `($6::text IS NULL OR starts_with(p.city, $6))
  AND ($7::text IS NULL OR starts_with(replace(replace(p.zip, ' ', ''), '-', ''), $7))`;

/**
 * Each range walked in key order and fenced by a LIMIT ($8) before the filters are checked,
 * so a keystroke reads at most that many points per country and range (the filters' budget
 * when a city or postal filter is given, else the rows wanted). Other countries walk
 * migration 0053's indexes, led by the country (the countries of the filter, else every
 * country with points: a skip over the country index, one probe per country); the US and
 * Canada walk 0044's, their street lines checked against what was typed ($10).
 */
const PREFIX_SQL = (by: keyof typeof KEY) => {
  const key = KEY[by];
  const order = by === 'street' ? `${key}, length(p.number), p.number COLLATE "C"` : key;
  return `
  WITH RECURSIVE listed(country) AS (
    (SELECT country FROM address_points WHERE $1::text[] IS NULL AND country NOT IN ('US', 'CA')
      ORDER BY country LIMIT 1)
    UNION ALL
    SELECT (SELECT p.country FROM address_points p
             WHERE p.country NOT IN ('US', 'CA') AND p.country > l.country ORDER BY p.country LIMIT 1)
      FROM listed l WHERE l.country IS NOT NULL),
  world AS (
    SELECT country FROM listed WHERE country IS NOT NULL
    UNION ALL SELECT c FROM unnest($1::text[]) AS c WHERE c NOT IN ('US', 'CA')),
  north AS (SELECT c AS country FROM unnest(coalesce($1::text[], ARRAY['US', 'CA'])) AS c WHERE c IN ('US', 'CA'))
  SELECT * FROM (
    SELECT ${COLUMNS} FROM world w
    CROSS JOIN unnest($2::text[], $3::text[]) AS k(lo, hi)
    CROSS JOIN LATERAL (
      SELECT * FROM (
        SELECT * FROM address_points p
         WHERE p.country = w.country AND p.country NOT IN ('US', 'CA') AND ${key} >= k.lo AND ${key} < k.hi
         ORDER BY ${order} LIMIT $8) p
       WHERE ${FILTERS} LIMIT $9) p
    UNION ALL
    SELECT ${COLUMNS} FROM north n
    CROSS JOIN unnest($4::text[], $5::text[]) AS k(lo, hi)
    CROSS JOIN LATERAL (
      SELECT * FROM (
        SELECT * FROM address_points p WHERE ${key} >= k.lo AND ${key} < k.hi ORDER BY ${key} LIMIT $8) p
       WHERE p.country = n.country AND ($10::text IS NULL OR starts_with(${STREET_LINE}, $10)) AND ${FILTERS}
       LIMIT $9) p) p
  ORDER BY p.country, ${STREET_LINE} COLLATE "C", length(p.number), p.number COLLATE "C",
           p.unit_id NULLS FIRST
  LIMIT $9`;
};

const PREFIX = { street: PREFIX_SQL('street'), numberStreet: PREFIX_SQL('numberStreet') };

/**
 * Rows read past the filters on a walk before giving up on more matches. Under 5,000: with a
 * range the planner cannot size (a lateral's key), a fence that large made it read the US
 * range whole by bitmap and sort it (100,000 rows for "A" over a million points, 270 ms).
 */
const FILTER_BUDGET = 2000;

/**
 * Points whose street line ("10 DOWNING STREET", "N MAIN ST") starts as the plan says, in the
 * filter's countries, the first `rows` in preview order: country, street, house number.
 */
export async function intlPointsByStreetPrefix(
  db: Queryable,
  plan: IntlPrefixPlan,
  filter: PreviewFilter,
  rows: number,
): Promise<IntlPoint[]> {
  const res = await db.query<Row>(intlPrefixQuery(plan, filter, rows));
  return toIntl(res.rows);
}

/** The prefix read's statement (tests EXPLAIN it to see which index it walks and how far). */
export function intlPrefixQuery(plan: IntlPrefixPlan, filter: PreviewFilter, rows: number) {
  const filtered = !!(filter.city || filter.postal);
  return {
    name: `intl-points-by-prefix-${plan.by}`,
    text: PREFIX[plan.by],
    values: [
      filter.countries ?? null,
      plan.world.map((r) => r.from),
      plan.world.map((r) => r.to),
      plan.northAmerica.map((r) => r.from),
      plan.northAmerica.map((r) => r.to),
      filter.city ?? null,
      filter.postal ?? null,
      filtered ? FILTER_BUDGET : rows,
      rows,
      plan.line ?? null,
    ],
  };
}

/**
 * Street names (of every country: migration 0044's name list) in a key range, in byte order,
 * at most `limit`: the candidates of the typo search, compared by edit distance after.
 */
export async function streetNamesIn(db: Queryable, range: KeyRange, limit: number): Promise<string[]> {
  const res = await db.query<{ name: string }>({
    name: 'intl-street-names-in',
    text: `SELECT name FROM address_street_names
            WHERE name COLLATE "C" >= $1 AND name COLLATE "C" < $2 ORDER BY name COLLATE "C" LIMIT $3`,
    values: [range.from, range.to, limit],
  });
  return res.rows.map((r) => r.name);
}

/** How many of the key ranges (in order: a text's starts) some street name falls in: the longest start of a name. */
export async function longestNameStart(db: Queryable, starts: KeyRange[]): Promise<number> {
  const res = await db.query<{ known: number }>({
    name: 'intl-longest-name-start',
    text: `SELECT coalesce(max(r.n), 0)::int AS known
             FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(lo, hi, n)
            WHERE EXISTS (SELECT 1 FROM address_street_names
                           WHERE name COLLATE "C" >= r.lo AND name COLLATE "C" < r.hi)`,
    values: [starts.map((r) => r.from), starts.map((r) => r.to)],
  });
  return res.rows[0]?.known ?? 0;
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
