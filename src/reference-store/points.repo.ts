import type { Queryable } from '../db/pool.js';
import type { ReferencePoint } from '../engines/address/verify/reference-point.js';

const COLUMNS = `zip, state, city, number, pre_direction, pre_type, street_name, street_type, post_direction,
  unit_designator, unit_id, lat, lon, plus4, address_type, post_city, urbanization`;

/** One row of address_points as the readers select it (COLUMNS). */
export interface PointRow {
  zip: string;
  state: string;
  city: string;
  number: string;
  pre_direction: string | null;
  pre_type: string | null;
  street_name: string;
  street_type: string | null;
  post_direction: string | null;
  unit_designator: string | null;
  unit_id: string | null;
  lat: number;
  lon: number;
  /** NAD's delivery fields the verifier answers from (migration 0057); NULL for other sources. */
  plus4: string | null;
  address_type: string | null;
  post_city: string | null;
  urbanization: string | null;
}

/**
 * Rows -> points, sharing one string per distinct value and one street object per street:
 * a ZIP block repeats its ZIP, state, city and street names thousands of times.
 */
export function toPoints(rows: PointRow[]): ReferencePoint[] {
  const strings = new Map<string, string>();
  const one = (v: string) => {
    const seen = strings.get(v);
    if (seen !== undefined) return seen;
    strings.set(v, v);
    return v;
  };
  const streets = new Map<string, ReferencePoint['street']>();
  return rows.map((r) => {
    const streetId = `${r.pre_direction}|${r.pre_type}|${r.street_name}|${r.street_type}|${r.post_direction}`;
    let street = streets.get(streetId);
    if (!street) {
      street = {
        ...(r.pre_direction ? { preDirection: one(r.pre_direction) } : {}),
        ...(r.pre_type ? { preType: one(r.pre_type) } : {}),
        name: one(r.street_name),
        ...(r.street_type ? { type: one(r.street_type) } : {}),
        ...(r.post_direction ? { postDirection: one(r.post_direction) } : {}),
      };
      streets.set(streetId, street);
    }
    const point: ReferencePoint = {
      zip: one(r.zip),
      state: one(r.state),
      city: one(r.city),
      number: r.number,
      street,
      ...(r.unit_designator ? { unitDesignator: one(r.unit_designator) } : {}),
      ...(r.unit_id ? { unitId: r.unit_id } : {}),
      lat: r.lat,
      lon: r.lon,
    };
    // Only NAD points have these; a point without them stays as small as before.
    if (r.plus4) point.plus4 = one(r.plus4);
    if (r.address_type) point.addressType = one(r.address_type);
    if (r.post_city) point.postCity = one(r.post_city);
    if (r.urbanization) point.urbanization = one(r.urbanization);
    return point;
  });
}

/**
 * The US and Canadian verifier reads only US and Canadian points: another country's postcode
 * can be a valid ZIP ("10115" is Berlin and Manhattan), and its region code a state's.
 */
const NORTH_AMERICA = "country IN ('US', 'CA')";

/** Every point of some ZIPs, by ZIP, in one query (uses the zip index). */
export async function pointsInZips(db: Queryable, zips: string[]): Promise<Map<string, ReferencePoint[]>> {
  const res = await db.query<PointRow>(
    `SELECT ${COLUMNS} FROM address_points WHERE zip = ANY($1) AND ${NORTH_AMERICA}`,
    [zips],
  );
  const byZip = new Map<string, ReferencePoint[]>();
  for (const p of toPoints(res.rows)) {
    const list = byZip.get(p.zip);
    if (list) list.push(p);
    else byZip.set(p.zip, [p]);
  }
  return byZip;
}

/** The coverage table: one row per ZIP and city name. */
export async function coveredAreas(
  db: Queryable,
): Promise<Array<{ zip: string; state: string; city: string }>> {
  return (await db.query(`SELECT zip, state, city FROM address_point_areas WHERE ${NORTH_AMERICA}`)).rows;
}

/** A cheap change marker: servers reload coverage when it moves (another process imported). */
export async function areasVersion(db: Queryable): Promise<string> {
  const res = await db.query(
    "SELECT count(*)::text || ':' || coalesce(sum(points), 0)::text AS v FROM address_point_areas",
  );
  return res.rows[0].v;
}

/** ZIPs of a state that have a street of this name (uses address_points_state_street). */
export async function zipsWithStreet(db: Queryable, state: string, name: string): Promise<string[]> {
  const res = await db.query(
    `SELECT DISTINCT zip FROM address_points WHERE state = $1 AND street_name = $2 AND ${NORTH_AMERICA} LIMIT 200`,
    [state, name],
  );
  return res.rows.map((r) => r.zip);
}
