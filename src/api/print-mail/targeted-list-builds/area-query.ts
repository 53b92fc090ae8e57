/**
 * Which address points a list build takes, as SQL over `address_points` (pure: no database).
 * A radius is a latitude/longitude box (its index, migration 0042) narrowed by the exact
 * great-circle distance, so no PostGIS is needed.
 */
export type Area =
  | { kind: 'zips'; zips: string[] }
  | { kind: 'cities'; cities: Array<{ city: string; state: string }> }
  | { kind: 'radius'; lat: number; lon: number; miles: number }
  /** A centre that is nowhere (a ZIP neither the ZIP table nor the points know): no points. */
  | { kind: 'none' };

/** Mean radius of the Earth in miles (IUGG), the one both the SQL and the tests use. */
export const EARTH_RADIUS_MILES = 3958.7613;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * The smallest latitude/longitude box holding every point within `miles` of the centre
 * (on the sphere, so it is a true superset of the circle). Longitude is left whole when the
 * circle reaches a pole or crosses the antimeridian: rare, and still correct, only slower.
 */
export function boundingBox(lat: number, lon: number, miles: number): Box {
  const angle = miles / EARTH_RADIUS_MILES;
  const minLat = lat - deg(angle);
  const maxLat = lat + deg(angle);
  if (minLat <= -90 || maxLat >= 90)
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLon: -180, maxLon: 180 };
  const spread = deg(Math.asin(Math.sin(angle) / Math.cos(rad(lat))));
  const [minLon, maxLon] = [lon - spread, lon + spread];
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  return { minLat, maxLat, minLon, maxLon };
}

/** The same distance as haversineMiles, in SQL over the row's `lat`, `lon`. */
const distanceSql = (lat: string, lon: string) =>
  `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(power(sin(radians(lat - ${lat}) / 2), 2)
     + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2))))`;

export interface AreaCondition {
  /** A WHERE condition over address_points' columns. */
  sql: string;
  values: unknown[];
}

/**
 * The area as a condition whose parameters are numbered from `first` ($first, ...). ZIPs use
 * the ZIP index; cities find their ZIPs in the coverage table first (address_point_areas), so
 * they use it too; a radius uses the position index. Only US ZIPs count: a radius near the
 * border may hold Canadian points, and the lists built here are of US addresses.
 */
export function areaCondition(area: Area, first = 1): AreaCondition {
  const p = (i: number) => `$${first + i}`;
  switch (area.kind) {
    case 'zips':
      return { sql: `zip = ANY(${p(0)}::text[])`, values: [area.zips] };
    case 'cities': {
      const pairs = `SELECT * FROM unnest(${p(0)}::text[], ${p(1)}::text[]) AS c(state, city)`;
      return {
        sql: `zip = ANY(ARRAY(SELECT a.zip FROM address_point_areas a JOIN (${pairs}) c
                               ON a.state = c.state AND a.city = c.city))
              AND (state, city) IN (${pairs})`,
        values: [area.cities.map((c) => c.state), area.cities.map((c) => c.city)],
      };
    }
    case 'radius': {
      const box = boundingBox(area.lat, area.lon, area.miles);
      return {
        sql: `lat BETWEEN ${p(0)} AND ${p(1)} AND lon BETWEEN ${p(2)} AND ${p(3)}
              AND ${distanceSql(`${p(4)}::float8`, `${p(5)}::float8`)} <= ${p(6)}
              AND zip ~ '^[0-9]{5}$'`,
        values: [box.minLat, box.maxLat, box.minLon, box.maxLon, area.lat, area.lon, area.miles],
      };
    }
    case 'none':
      return { sql: 'false', values: [] };
  }
}
