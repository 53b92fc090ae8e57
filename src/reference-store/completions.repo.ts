import type { Queryable } from '../db/pool.js';
import type {
  AreaFilter,
  AreaRow,
  FallbackPlan,
  KeyRange,
  SearchPlan,
  StreetNameRow,
} from '../engines/address/complete/index.js';
import type { ReferencePoint } from '../engines/address/verify/reference-point.js';
import { type PointRow, toPoints } from './points.repo.js';

/**
 * Autocomplete's reads (indexes in migrations/0044). Every key comparison is COLLATE "C", as
 * the indexes are, so a typed prefix is a byte range the btree walks. Statements are named:
 * their shapes are few, and a planned statement saves most of a short query's cost.
 */

const COLUMNS = `p.zip, p.state, p.city, p.number, p.pre_direction, p.pre_type, p.street_name,
  p.street_type, p.post_direction, p.unit_designator, p.unit_id, p.lat, p.lon`;

const NUMBER_STREET = `(p.number || ' ' || p.street_name) COLLATE "C"`;

/**
 * The filter's conditions; $1–$6 in every statement. Only US and Canadian points: this is the
 * standard API's autocomplete (points of other countries are for the international API).
 */
const AREA = `p.country IN ('US', 'CA') AND ($1::text[] IS NULL OR p.state = ANY($1))
  AND ($2::text IS NULL OR CASE WHEN $3 THEN p.zip = $2 ELSE starts_with(p.zip, $2) END)
  AND ($4::text IS NULL OR CASE WHEN $5 THEN p.city = $4 ELSE starts_with(p.city, $4) END
       OR p.zip = ANY($6::text[]))`;

const areaValues = (f: AreaFilter) => [
  f.states ?? null,
  f.postal ?? null,
  !!f.postalExact,
  f.city ?? null,
  !!f.cityExact,
  f.cityZips ?? [],
];

const columnsOf = (ranges: KeyRange[]) => [
  ranges.map((r) => r.from),
  ranges.map((r) => r.to),
  ranges.map((r) => r.unit ?? null),
];

/**
 * Along a global index: the range in index order, fenced by a LIMIT (`budget`) before the
 * filter is checked. Without the fence the planner, guessing a filter selective, reads the
 * whole range and sorts it ("1" is a tenth of all points); with it the walk stops as soon as
 * `rows` pass the filter, or after `budget` keys.
 */
const GLOBAL_SQL = (key: string) => `
  SELECT ${COLUMNS} FROM unnest($7::text[], $8::text[], $9::text[]) AS k(lo, hi, unit)
  CROSS JOIN LATERAL (
    SELECT * FROM (
      SELECT * FROM address_points p WHERE ${key} >= k.lo AND ${key} < k.hi ORDER BY ${key} LIMIT $11) p
     WHERE (k.unit IS NULL OR starts_with(replace(p.unit_id, '-', ''), k.unit)) AND ${AREA}
     LIMIT $10) p`;

const GLOBAL = {
  numberStreet: GLOBAL_SQL(NUMBER_STREET),
  street: GLOBAL_SQL('p.street_name COLLATE "C"'),
};

/**
 * ZIP by ZIP (busiest first, at most `rows` per ZIP and range, `total` in all): street-name
 * ranges with the house numbers wanted, on address_points_zip_street_number.
 */
const SCOPED_NAMES = `
  SELECT ${COLUMNS} FROM unnest($7::text[]) AS z(zip)
  CROSS JOIN unnest($8::text[], $9::text[], $10::text[]) AS k(lo, hi, unit)
  CROSS JOIN LATERAL (
    SELECT * FROM address_points p
     WHERE p.zip = z.zip AND p.street_name COLLATE "C" >= k.lo AND p.street_name COLLATE "C" < k.hi
       AND ($11::text IS NULL OR (p.number COLLATE "C" >= $11 AND p.number COLLATE "C" < $12))
       AND (k.unit IS NULL OR starts_with(replace(p.unit_id, '-', ''), k.unit)) AND ${AREA}
     ORDER BY p.street_name COLLATE "C", p.number COLLATE "C"
     LIMIT $13) p
  LIMIT $14`;

/** ZIP by ZIP, only a house number typed. */
const SCOPED_NUMBER = `
  SELECT ${COLUMNS} FROM unnest($7::text[]) AS z(zip)
  CROSS JOIN LATERAL (
    SELECT * FROM address_points p
     WHERE p.zip = z.zip AND p.number COLLATE "C" >= $8 AND p.number COLLATE "C" < $9 AND ${AREA}
     LIMIT $10) p
  LIMIT $11`;

/** Keys read past the filter on a global index before giving up on more matches. */
const FILTER_BUDGET = 5000;

/**
 * Points whose key falls in the plan's ranges: along the global indexes, or ZIP by ZIP when
 * the filter leaves few ZIPs (`scope`, busiest first).
 */
export async function pointsByPrefix(
  db: Queryable,
  plan: SearchPlan,
  filter: AreaFilter,
  rows: number,
  scope?: string[],
): Promise<ReferencePoint[]> {
  const area = areaValues(filter);
  const filtered = !!(filter.states || filter.postal || filter.city);
  const total = rows * Math.max(1, plan.split.names.length);
  const res = !scope
    ? await db.query<PointRow>({
        name: `complete-prefix-${plan.by}`,
        text: GLOBAL[plan.by],
        values: [...area, ...columnsOf(plan.ranges), rows, filtered ? FILTER_BUDGET : rows],
      })
    : plan.split.names.length
      ? await db.query<PointRow>({
          name: 'complete-prefix-scoped',
          text: SCOPED_NAMES,
          values: [
            ...area,
            scope,
            ...columnsOf(plan.split.names),
            plan.split.number?.from ?? null,
            plan.split.number?.to ?? null,
            rows,
            total,
          ],
        })
      : await db.query<PointRow>({
          name: 'complete-prefix-scoped-number',
          text: SCOPED_NUMBER,
          values: [...area, scope, plan.split.number!.from, plan.split.number!.to, rows, total],
        });
  return toPoints(res.rows);
}

/**
 * The points of each named street: with a number ($9–$10), that number, plus (streetLevel,
 * $11) a few points whatever their number; in a scope (the last parameter), only its ZIPs.
 */
function fallbackSql(withNumber: boolean, scoped: boolean): string {
  const scope = scoped ? `p.zip = ANY($${withNumber ? 12 : 9}::text[]) AND ` : '';
  const on = `${scope}p.street_name COLLATE "C" = n.name AND ${AREA}`;
  const numbered = withNumber
    ? `(SELECT * FROM address_points p
         WHERE ${on} AND p.number COLLATE "C" >= $9 AND p.number COLLATE "C" < $10
         ORDER BY p.number COLLATE "C" LIMIT $8)
       UNION ALL
       (SELECT * FROM address_points p WHERE $11 AND ${on} ORDER BY p.number COLLATE "C" LIMIT 5)`
    : `SELECT * FROM address_points p WHERE ${on} ORDER BY p.number COLLATE "C" LIMIT $8`;
  return `SELECT ${COLUMNS} FROM unnest($7::text[]) AS n(name) CROSS JOIN LATERAL (${numbered}) p`;
}

const FALLBACK = new Map(
  [false, true].flatMap((withNumber) =>
    [false, true].map((scoped) => [`${withNumber}|${scoped}`, fallbackSql(withNumber, scoped)] as const),
  ),
);

/** Points on the named streets (the fallback's: names as typed or nearly so). */
export async function pointsOnStreets(
  db: Queryable,
  names: string[],
  plan: FallbackPlan,
  filter: AreaFilter,
  rows: number,
  scope?: string[],
): Promise<ReferencePoint[]> {
  const number = plan.number;
  const res = await db.query<PointRow>({
    name: `complete-fallback-${number ? 'number' : 'any'}${scope ? '-scoped' : ''}`,
    text: FALLBACK.get(`${!!number}|${!!scope}`)!,
    values: [
      ...areaValues(filter),
      names,
      rows,
      ...(number ? [number.from, number.to, plan.streetLevel] : []),
      ...(scope ? [scope] : []),
    ],
  });
  return toPoints(res.rows);
}

/**
 * Every distinct street name with its point count, in byte order (the typo index is built from
 * these): the points' names and the street ranges' (a range counting as a point, `ranged` set), so
 * a street known only by ranges is found as typed or nearly so, and a range read is skipped where
 * no range's street starts as typed. The ranges' alternate names (ADDRFN) are `ranged` too, with
 * no count: they are read one index probe per distinct name (a skip scan of
 * street_range_names_street), as no table counts them.
 */
export async function streetNameRows(db: Queryable): Promise<StreetNameRow[]> {
  const res = await db.query<StreetNameRow>(
    `WITH RECURSIVE alt(name) AS (
       (SELECT street_name COLLATE "C" FROM street_range_names ORDER BY 1 LIMIT 1)
       UNION ALL
       SELECT (SELECT n.street_name COLLATE "C" FROM street_range_names n
                WHERE n.street_name COLLATE "C" > alt.name ORDER BY 1 LIMIT 1)
         FROM alt WHERE alt.name IS NOT NULL
     )
     SELECT name, sum(points)::float8 AS points, bool_or(ranged) AS ranged FROM (
       SELECT name COLLATE "C" AS name, points, false AS ranged FROM address_street_names
       UNION ALL SELECT name COLLATE "C", ranges, true FROM street_range_street_names
       UNION ALL SELECT name, 0, true FROM alt WHERE name IS NOT NULL
     ) n GROUP BY name ORDER BY name COLLATE "C"`,
  );
  return res.rows;
}

/** The coverage tables the importers keep: ZIP, city, points (or street ranges). */
export async function areaRows(db: Queryable): Promise<AreaRow[]> {
  const res = await db.query<AreaRow>(
    `SELECT zip, state, city, points::float8 AS points FROM address_point_areas WHERE country IN ('US', 'CA')
     UNION ALL SELECT zip, state, city, ranges::float8 FROM street_range_areas`,
  );
  return res.rows;
}
