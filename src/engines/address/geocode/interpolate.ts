import type { ReferencePoint } from '../verify/reference-point.js';

/** The leading integer of a house number ("68-01" -> 6801 in Queens style, "12B" -> 12). */
export function houseNumberValue(n: string): number | undefined {
  const queens = /^(\d+)-(\d+)/.exec(n);
  if (queens) return Number(queens[1]) * 100 + Number(queens[2]);
  const m = /^\d+/.exec(n);
  return m ? Number(m[0]) : undefined;
}

/**
 * Position of a house number between its nearest neighbours on the same street (same side
 * first: odd and even numbers face each other). Undefined outside the street's known range.
 */
export function interpolate(
  points: ReferencePoint[],
  number: string,
): { lat: number; lon: number } | undefined {
  const target = houseNumberValue(number);
  if (target === undefined) return undefined;
  const numbered = points
    .map((p) => ({ p, n: houseNumberValue(p.number) }))
    .filter((x): x is { p: ReferencePoint; n: number } => x.n !== undefined);
  const sameSide = numbered.filter((x) => x.n % 2 === target % 2);
  for (const side of [sameSide, numbered]) {
    const below = side.filter((x) => x.n <= target).sort((a, b) => b.n - a.n)[0];
    const above = side.filter((x) => x.n >= target).sort((a, b) => a.n - b.n)[0];
    if (!below || !above) continue;
    const t = above.n === below.n ? 0 : (target - below.n) / (above.n - below.n);
    return {
      lat: below.p.lat + t * (above.p.lat - below.p.lat),
      lon: below.p.lon + t * (above.p.lon - below.p.lon),
    };
  }
  return undefined;
}

export function centroid(points: ReferencePoint[]): { lat: number; lon: number } {
  let lat = 0;
  let lon = 0;
  for (const p of points) {
    lat += p.lat;
    lon += p.lon;
  }
  return { lat: lat / points.length, lon: lon / points.length };
}
