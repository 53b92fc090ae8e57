import type { Queryable } from '../../db/pool.js';
import type { AreaFilter } from '../../engines/address/complete/index.js';
import { rangePosition } from '../../engines/address/geocode/range-position.js';
import type { ReferencePoint } from '../../engines/address/verify/reference-point.js';
import type { RangeNumber, StreetRange } from '../../engines/address/verify/street-range.js';

/**
 * Autocomplete's read of street ranges: the ranges of the named streets holding a typed house
 * number (street_ranges_street: name, prefix, low end), each answered as the address it makes,
 * placed by interpolation. A range on a street that has points in its ZIP is not read: there the
 * points answer, as they do in verification.
 */
const SQL = `
  SELECT r.* FROM unnest($6::text[]) AS n(name) CROSS JOIN LATERAL (
    SELECT r.zip, r.state, r.city, r.pre_direction, r.pre_type, r.street_name, r.street_type, r.post_direction,
           r.hn_prefix, r.from_hn, r.to_hn, r.parity, r.side, r.line
      FROM street_ranges r
     WHERE r.street_name COLLATE "C" = n.name AND r.hn_prefix = $7 AND least(r.from_hn, r.to_hn) <= $8
       AND greatest(r.from_hn, r.to_hn) >= $8 AND r.parity IN ('B', $9)
       AND ($11::text[] IS NULL OR r.zip = ANY($11::text[]))
       AND ($1::text[] IS NULL OR r.state = ANY($1))
       AND ($2::text IS NULL OR CASE WHEN $3 THEN r.zip = $2 ELSE starts_with(r.zip, $2) END)
       AND ($4::text IS NULL OR CASE WHEN $5 THEN r.city = $4 ELSE starts_with(r.city, $4) END
            OR r.zip = ANY($12::text[]))
       AND NOT EXISTS (SELECT 1 FROM address_points p WHERE p.zip = r.zip AND p.street_name = r.street_name
             AND p.street_type IS NOT DISTINCT FROM r.street_type
             AND p.pre_direction IS NOT DISTINCT FROM r.pre_direction)
     LIMIT $10) r`;

interface Row {
  zip: string;
  state: string;
  city: string;
  pre_direction: string | null;
  pre_type: string | null;
  street_name: string;
  street_type: string | null;
  post_direction: string | null;
  hn_prefix: string;
  from_hn: number;
  to_hn: number;
  parity: 'E' | 'O' | 'B';
  side: 'L' | 'R';
  line: Buffer;
}

/** The addresses `number` makes on the named streets' ranges (at most `rows` per street). */
export async function rangesOnStreets(
  db: Queryable,
  names: string[],
  number: { text: string; value: RangeNumber },
  filter: AreaFilter,
  rows: number,
  scope?: string[],
): Promise<ReferencePoint[]> {
  const { prefix, value } = number.value;
  const res = await db.query<Row>({
    name: 'complete-ranges',
    text: SQL,
    values: [
      filter.states ?? null,
      filter.postal ?? null,
      !!filter.postalExact,
      filter.city ?? null,
      !!filter.cityExact,
      names,
      prefix,
      value,
      value % 2 === 0 ? 'E' : 'O',
      rows,
      scope ?? null,
      filter.cityZips ?? [],
    ],
  });
  return res.rows.map((r) => {
    const range: StreetRange = {
      prefix: r.hn_prefix,
      from: r.from_hn,
      to: r.to_hn,
      parity: r.parity,
      side: r.side,
      zip: r.zip,
      state: r.state,
      line: new Int32Array(new Uint8Array(r.line).buffer),
    };
    const at = rangePosition(range, number.value);
    return {
      zip: r.zip,
      state: r.state,
      city: r.city,
      number: number.text,
      street: {
        name: r.street_name,
        ...(r.pre_direction ? { preDirection: r.pre_direction } : {}),
        ...(r.pre_type ? { preType: r.pre_type } : {}),
        ...(r.street_type ? { type: r.street_type } : {}),
        ...(r.post_direction ? { postDirection: r.post_direction } : {}),
      },
      lat: at.lat,
      lon: at.lon,
    };
  });
}
