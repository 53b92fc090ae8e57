import type { Queryable } from '../../db/pool.js';
import type { AreaFilter, KeyRange, RangeSide, RangeWant } from '../../engines/address/complete/index.js';
import { lineOf, type NameColumns, streetForms } from './ranges.repo.js';

/**
 * Autocomplete's reads of street ranges (docs/autocomplete.md, "Street ranges"): side ranges
 * holding a number the typed number admits (its spans, its parity), on the streets whose names
 * fall in key ranges (the index street_ranges_street: name, prefix, low end, so a street's ranges
 * come lowest numbers first), or on any street for a number typed alone. A range on a street
 * that has points in its ZIP is not read: there the points answer, as in verification.
 */
const COLUMNS = `r.zip, r.state, r.city, r.pre_direction, r.pre_type, r.street_name, r.street_type,
  r.post_direction, r.hn_prefix, r.from_hn, r.to_hn, r.parity, r.side, r.line`;

/** $1–$6: the filter, as completions.repo.ts writes it. */
const AREA = `($1::text[] IS NULL OR r.state = ANY($1))
  AND ($2::text IS NULL OR CASE WHEN $3 THEN r.zip = $2 ELSE starts_with(r.zip, $2) END)
  AND ($4::text IS NULL OR CASE WHEN $5 THEN r.city = $4 ELSE starts_with(r.city, $4) END
       OR r.zip = ANY($6::text[]))`;

/**
 * $7 the prefix (NULL: any), $8/$9 the spans' lows and highs: the range and a span overlap in at
 * least two numbers (both parities), or in one of the range's parity.
 */
const HOLDS = `($7::text IS NULL OR r.hn_prefix = $7) AND EXISTS (
  SELECT 1 FROM unnest($8::int[], $9::int[]) AS s(lo, hi),
    LATERAL (SELECT greatest(least(r.from_hn, r.to_hn), s.lo) AS a, least(greatest(r.from_hn, r.to_hn), s.hi) AS b) o
   WHERE o.a <= o.b AND (o.a < o.b OR r.parity = 'B' OR (r.parity = 'E') = (o.a % 2 = 0)))`;

/**
 * No point of the street named by alias `s` (a range, or an alternate name) in the range's ZIP; on
 * address_points_zip_street_number (COLLATE "C" as it is: else a probe reads the whole ZIP).
 */
const noPoints = (s: string) => `NOT EXISTS (SELECT 1 FROM address_points p WHERE p.zip = r.zip
  AND p.street_name COLLATE "C" = ${s}.street_name COLLATE "C"
  AND p.street_type IS NOT DISTINCT FROM ${s}.street_type AND p.pre_direction IS NOT DISTINCT FROM ${s}.pre_direction)`;
const NO_POINTS = noPoints('r');

/** The name columns of alias `s`, to compare an alternate name with the range's primary one. */
const nameOf = (s: string) =>
  `(${s}.pre_direction, ${s}.pre_type, ${s}.street_name, ${s}.street_type, ${s}.post_direction)`;

const ORDER = 'r.street_name COLLATE "C", r.hn_prefix, least(r.from_hn, r.to_hn)';

/** The primary name beside an alternate one (none for a range read under its primary name). */
const NO_PRIMARY = `NULL::text AS p_pre_direction, NULL::text AS p_pre_type, NULL::text AS p_street_name,
  NULL::text AS p_street_type, NULL::text AS p_post_direction`;
const PRIMARY = `r.pre_direction AS p_pre_direction, r.pre_type AS p_pre_type, r.street_name AS p_street_name,
  r.street_type AS p_street_type, r.post_direction AS p_post_direction`;

/**
 * On the streets of each name range ($10/$11), lowest numbers first, at most $12 each, of at most
 * $14 ranges walked along the index (the filter and the number are checked on the way); $13 a scope.
 * Then the same under the alternate names (ADDRFN) of the range: at most $14 names walked along
 * street_range_names_street, each joined to its range by ARID (street_ranges_arid), a name equal
 * to the range's primary one passed over (ADDRFN lists the primary feature too: the first part
 * reads it), lowest numbers first of those walked. Points win under either name, as in
 * verification: no range of a street with points in the ZIP under its primary or that name.
 */
const ON_NAMES = `
  SELECT ${COLUMNS}, ${NO_PRIMARY} FROM unnest($10::text[], $11::text[]) AS k(lo, hi) CROSS JOIN LATERAL (
    SELECT r.* FROM (
      SELECT * FROM street_ranges r
       WHERE r.street_name COLLATE "C" >= k.lo AND r.street_name COLLATE "C" < k.hi
       ORDER BY ${ORDER} LIMIT $14) r
     WHERE ($13::text[] IS NULL OR r.zip = ANY($13)) AND ${AREA} AND ${HOLDS} AND ${NO_POINTS}
     LIMIT $12) r
  UNION ALL
  SELECT a.* FROM unnest($10::text[], $11::text[]) AS k(lo, hi) CROSS JOIN LATERAL (
    SELECT r.zip, r.state, r.city, n.pre_direction, n.pre_type, n.street_name, n.street_type,
           n.post_direction, r.hn_prefix, r.from_hn, r.to_hn, r.parity, r.side, r.line, ${PRIMARY}
      FROM (
        SELECT * FROM street_range_names n
         WHERE n.street_name COLLATE "C" >= k.lo AND n.street_name COLLATE "C" < k.hi
         ORDER BY n.street_name COLLATE "C", n.county, n.arid LIMIT $14) n
      JOIN street_ranges r ON r.arid = n.arid AND r.county = n.county
     WHERE ${nameOf('n')} IS DISTINCT FROM ${nameOf('r')}
       AND ($13::text[] IS NULL OR r.zip = ANY($13)) AND ${AREA} AND ${HOLDS} AND ${NO_POINTS}
       AND ${noPoints('n')}
     ORDER BY n.street_name COLLATE "C", r.hn_prefix, least(r.from_hn, r.to_hn), r.side
     LIMIT $12) a`;

/**
 * Ranges walked per name range: bounds a short name's read ("E" walks every E street's ranges
 * otherwise); as the name is typed on, its range narrows to the street's own.
 */
const NAME_WALK = 500;

/**
 * A number alone, in a scope ($10): ZIP by ZIP (busiest first), at most $11 each, $12 in all.
 * Without one: the first $10 that hold it along the street index, of at most $11 ranges walked
 * (as points are read along theirs, so a short number stays one short walk).
 */
const NUMBER_SCOPED = `
  SELECT ${COLUMNS} FROM unnest($10::text[]) AS z(zip) CROSS JOIN LATERAL (
    SELECT r.* FROM street_ranges r WHERE r.zip = z.zip AND ${AREA} AND ${HOLDS} AND ${NO_POINTS} LIMIT $11) r
  LIMIT $12`;
const NUMBER_GLOBAL = `
  SELECT ${COLUMNS} FROM (SELECT * FROM street_ranges ORDER BY ${ORDER.replaceAll('r.', '')} LIMIT $11) r
   WHERE ${AREA} AND ${HOLDS} AND ${NO_POINTS} LIMIT $10`;

/** Ranges walked for a number typed alone without a narrow filter. */
const NUMBER_WALK = 1000;

/** The range's primary name, beside an alternate one. */
interface PrimaryColumns {
  p_pre_direction: string | null;
  p_pre_type: string | null;
  p_street_name: string | null;
  p_street_type: string | null;
  p_post_direction: string | null;
}

interface Row extends NameColumns, PrimaryColumns {
  zip: string;
  state: string;
  city: string;
  hn_prefix: string;
  from_hn: number;
  to_hn: number;
  parity: 'E' | 'O' | 'B';
  side: 'L' | 'R';
  line: Buffer;
}

const head = (filter: AreaFilter, want: RangeWant) => [
  filter.states ?? null,
  filter.postal ?? null,
  !!filter.postalExact,
  filter.city ?? null,
  !!filter.cityExact,
  filter.cityZips ?? [],
  want.prefix ?? null,
  want.spans.map((s) => s[0]),
  want.spans.map((s) => s[1]),
];

/**
 * Side ranges on the streets whose names fall in `names`, at most `rows` per name range under
 * primary names and as many under alternate ones (`primary` set).
 */
export async function rangesOnNames(
  db: Queryable,
  names: readonly KeyRange[],
  want: RangeWant,
  filter: AreaFilter,
  rows: number,
  scope?: string[],
): Promise<RangeSide[]> {
  const res = await db.query<Row>({
    name: 'complete-ranges-names',
    text: ON_NAMES,
    values: [
      ...head(filter, want),
      names.map((n) => n.from),
      names.map((n) => n.to),
      rows,
      scope ?? null,
      NAME_WALK,
    ],
  });
  return sidesOf(res.rows);
}

/** Side ranges of any street holding a number typed alone. */
export async function rangesByNumber(
  db: Queryable,
  want: RangeWant,
  filter: AreaFilter,
  rows: number,
  scope?: string[],
): Promise<RangeSide[]> {
  const res = scope
    ? await db.query<Row>({
        name: 'complete-ranges-number-scoped',
        text: NUMBER_SCOPED,
        values: [...head(filter, want), scope, rows, rows * 4],
      })
    : await db.query<Row>({
        name: 'complete-ranges-number',
        text: NUMBER_GLOBAL,
        values: [...head(filter, want), rows, NUMBER_WALK],
      });
  return sidesOf(res.rows);
}

/** Rows -> sides, one street form per distinct name (ranges.repo.ts). */
function sidesOf(rows: Row[]): RangeSide[] {
  const form = streetForms();
  return rows.map((r) => ({
    zip: r.zip,
    state: r.state,
    city: r.city,
    street: form(r),
    ...(r.p_street_name
      ? {
          primary: form({
            pre_direction: r.p_pre_direction,
            pre_type: r.p_pre_type,
            street_name: r.p_street_name,
            street_type: r.p_street_type,
            post_direction: r.p_post_direction,
          }),
        }
      : {}),
    range: {
      prefix: r.hn_prefix,
      from: r.from_hn,
      to: r.to_hn,
      parity: r.parity,
      side: r.side,
      zip: r.zip,
      state: r.state,
      line: lineOf(r.line),
    },
  }));
}

/** Whether the store has any street range (else autocomplete reads none). */
export async function hasRangeAreas(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT EXISTS (SELECT 1 FROM street_range_areas) AS e')).rows[0].e;
}
