import type { Queryable } from '../../../db/pool.js';
import { reference } from '../../../engines/address/index.js';
import { type Area, areaCondition } from './area-query.js';
import type { AreaRequest } from './list-build-filters.js';

/** An address point as a list build reads it (address_points, migration 0021). */
export interface AreaPoint {
  zip: string;
  state: string;
  city: string;
  number: string;
  street: string;
  unitDesignator: string | null;
  unitId: string | null;
}

const POINT_COLUMNS = `p.zip, p.state, p.city, p.number, p.unit_designator AS "unitDesignator", p.unit_id AS "unitId",
  concat_ws(' ', p.pre_direction, p.pre_type, p.street_name, p.street_type, p.post_direction) AS street`;

/**
 * The area the request stands for. A radius is centred on its ZIP's centroid from the ZIP
 * table, or on the mean of the ZIP's imported points when the table lacks it; a centre that
 * neither knows is an area without points (a quote of 0, not an error).
 */
export async function resolveArea(db: Queryable, request: AreaRequest): Promise<Area> {
  if (request.kind !== 'around') return request;
  const known = reference.zip(request.zipCode);
  if (known) return { kind: 'radius', lat: known.lat, lon: known.lon, miles: request.miles };
  const res = await db.query('SELECT avg(lat) AS lat, avg(lon) AS lon FROM address_points WHERE zip = $1', [
    request.zipCode,
  ]);
  const { lat, lon } = res.rows[0];
  if (lat === null) return { kind: 'none' };
  return { kind: 'radius', lat: Number(lat), lon: Number(lon), miles: request.miles };
}

export async function countPoints(db: Queryable, area: Area): Promise<number> {
  const where = areaCondition(area);
  const res = await db.query(
    `SELECT count(*)::int AS n FROM address_points p WHERE ${where.sql}`,
    where.values,
  );
  return res.rows[0].n;
}

/**
 * A few points of the area, in the order a build takes them (its first ones). The area is
 * read through its own index and sorted (OFFSET 0 keeps it so), as snapshotPoints does.
 */
export async function samplePoints(db: Queryable, area: Area, n: number): Promise<AreaPoint[]> {
  const where = areaCondition(area);
  const res = await db.query(
    `SELECT ${POINT_COLUMNS} FROM (SELECT * FROM address_points WHERE ${where.sql} OFFSET 0) p
      ORDER BY p.record_hash LIMIT ${n}`,
    where.values,
  );
  return res.rows;
}

/**
 * Numbers the build's points 1..n (the first `limit` of the area, by record_hash) in the
 * caller's transaction; how many. OFFSET 0 keeps the area's own index in charge: without it
 * the planner may walk the whole table in record_hash order looking for the area's points.
 */
export async function snapshotPoints(
  db: Queryable,
  buildId: string,
  area: Area,
  limit: number,
): Promise<number> {
  const where = areaCondition(area, 3);
  const res = await db.query(
    `INSERT INTO targeted_list_build_points (build_id, seq, record_hash)
     SELECT $1, row_number() OVER (ORDER BY s.record_hash), s.record_hash
       FROM (SELECT p.record_hash FROM address_points p WHERE ${where.sql} OFFSET 0) s
      ORDER BY s.record_hash LIMIT $2`,
    [buildId, limit, ...where.values],
  );
  return res.rowCount ?? 0;
}

/** Up to `n` of the build's points after `afterSeq`, with their numbers. */
export async function pointsPage(
  db: Queryable,
  buildId: string,
  afterSeq: number,
  n: number,
): Promise<Array<AreaPoint & { seq: number }>> {
  const res = await db.query(
    `SELECT b.seq, ${POINT_COLUMNS}
       FROM targeted_list_build_points b JOIN address_points p ON p.record_hash = b.record_hash
      WHERE b.build_id = $1 AND b.seq > $2 ORDER BY b.seq LIMIT $3`,
    [buildId, afterSeq, n],
  );
  return res.rows;
}

export async function dropSnapshot(db: Queryable, buildId: string): Promise<void> {
  await db.query('DELETE FROM targeted_list_build_points WHERE build_id = $1', [buildId]);
}
