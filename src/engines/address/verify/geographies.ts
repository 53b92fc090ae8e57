import { geocode } from '../geocode/geocode.js';
import type { GeographySource, PlacedAreas } from '../geography/layers.js';
import type { Verification } from './verification.js';

/**
 * Where a verification is placed in the census layers: the matched point, else the position
 * interpolated along the street range holding the number (set off to its side), else between
 * the street's neighbouring numbers. A street's middle, a ZIP's or a
 * state's centre would put the address in whatever block or district that centre falls in: a
 * guess, so those are not placed.
 */
export function placementOf(v: Verification): { lat: number; lng: number } | undefined {
  if (v.country !== 'US' || (!v.point && !v.range && !v.streetPoints?.length)) return undefined;
  const g = geocode(v);
  return g && (g.accuracyType === 'rooftop' || g.accuracyType === 'range_interpolation')
    ? g.location
    : undefined;
}

/** The areas holding the verification's point (a plain value when the layers are in memory). */
export function placeVerification(
  source: GeographySource,
  v: Verification,
): PlacedAreas | Promise<PlacedAreas> | undefined {
  const at = placementOf(v);
  return at ? source.place(at.lng, at.lat) : undefined;
}
