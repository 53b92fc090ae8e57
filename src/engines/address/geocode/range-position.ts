import type { RangeNumber, StreetRange } from '../verify/street-range.js';

/**
 * How far off the street's centre line a range's position is set, to its side: about where a
 * house front is on a residential street (TIGER/Line lines run down the road's middle). A
 * point on the line itself would fall on the boundary of the blocks either side, and the census
 * placement would pick the wrong side's block as often as not.
 */
export const SIDE_OFFSET_M = 10;

const METRES_PER_DEGREE = 111_320;

/**
 * The position of a house number on a range's segment: as far along the line (by length) as the
 * number is along the range (from the line's start at `from` to its end at `to`), then set off
 * SIDE_OFFSET_M to the range's side (left or right walking from the line's start).
 */
export function rangePosition(range: StreetRange, n: RangeNumber): { lat: number; lon: number } {
  const line = range.line;
  const points = line.length / 2;
  const x = (i: number) => line[2 * i] / 1e7;
  const y = (i: number) => line[2 * i + 1] / 1e7;
  if (points < 2) return { lat: y(0), lon: x(0) };
  // Lengths in a local frame where a degree of longitude is shortened by the latitude.
  const scale = Math.cos((y(0) * Math.PI) / 180);
  const lengths: number[] = [];
  let total = 0;
  for (let i = 1; i < points; i++) {
    const d = Math.hypot((x(i) - x(i - 1)) * scale, y(i) - y(i - 1));
    lengths.push(d);
    total += d;
  }
  const span = range.to - range.from;
  const t = span === 0 ? 0.5 : Math.min(1, Math.max(0, (n.value - range.from) / span));
  let along = t * total;
  let i = 0;
  while (i < lengths.length - 1 && along > lengths[i]) along -= lengths[i++];
  const f = lengths[i] === 0 ? 0 : along / lengths[i];
  const lon = x(i) + f * (x(i + 1) - x(i));
  const lat = y(i) + f * (y(i + 1) - y(i));
  return offsetToSide(lat, lon, (x(i + 1) - x(i)) * scale, y(i + 1) - y(i), range.side, scale);
}

/** Moves a point SIDE_OFFSET_M perpendicular to the direction (dx, dy): left turns it +90°. */
function offsetToSide(
  lat: number,
  lon: number,
  dx: number,
  dy: number,
  side: 'L' | 'R',
  scale: number,
): { lat: number; lon: number } {
  const length = Math.hypot(dx, dy);
  if (length === 0 || scale === 0) return { lat, lon };
  const sign = side === 'L' ? 1 : -1;
  const degrees = SIDE_OFFSET_M / METRES_PER_DEGREE;
  return {
    lat: lat + (sign * dx * degrees) / length,
    lon: lon + (-sign * dy * degrees) / length / scale,
  };
}

/** The mean of the ranges' segments' middles (their ends' mean): a street known only by ranges. */
export function rangesMiddle(ranges: readonly StreetRange[]): { lat: number; lon: number } {
  let lat = 0;
  let lon = 0;
  for (const { line } of ranges) {
    const last = line.length - 2;
    lon += (line[0] + line[last]) / 2e7;
    lat += (line[1] + line[last + 1]) / 2e7;
  }
  return { lat: lat / ranges.length, lon: lon / ranges.length };
}
