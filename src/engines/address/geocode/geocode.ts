import { lazy } from '../../../platform/lazy.js';
import { reference } from '../index.js';
import { usZipIndex } from '../reference/us-zips.js';
import { numberKey } from '../verify/reference-point.js';
import { rangeNumber } from '../verify/street-range.js';
import type { Verification } from '../verify/verification.js';
import { type GeocodeResult, located } from './geocode-result.js';
import { centroid, interpolate } from './interpolate.js';
import { rangePosition, rangesMiddle } from './range-position.js';

/** Mean of a state's ZIP centroids: a rough middle, labelled `state` accuracy. */
const stateCentres = lazy(() => {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const z of usZipIndex().byZip.values()) {
    const s = sums.get(z.state) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += z.lat;
    s.lon += z.lon;
    s.n++;
    sums.set(z.state, s);
  }
  return new Map([...sums].map(([state, s]) => [state, { lat: s.lat / s.n, lon: s.lon / s.n }]));
});

/**
 * The best position the match supports: the point itself, else interpolated along the range
 * holding the number, else interpolated between the street's neighbours, else the street's middle
 * (of its points, else of its ranges' lines), else the ZIP's centre, else the state's.
 */
export function geocode(v: Verification): GeocodeResult | undefined {
  if (v.point) return located('rooftop', v.point.lat, v.point.lon);
  const n = v.range && v.number ? rangeNumber(numberKey(v.number)) : undefined;
  if (v.range && n) {
    const at = rangePosition(v.range, n);
    return located('range_interpolation', at.lat, at.lon);
  }
  if (v.streetPoints?.length) {
    const between = v.number ? interpolate(v.streetPoints, v.number) : undefined;
    if (between) return located('range_interpolation', between.lat, between.lon);
    const middle = centroid(v.streetPoints);
    return located('street_center', middle.lat, middle.lon);
  }
  if (v.streetRanges?.length) {
    const middle = rangesMiddle(v.streetRanges);
    return located('street_center', middle.lat, middle.lon);
  }
  const zip = v.zip ? reference.zip(v.zip) : undefined;
  if (zip) return located('place', zip.lat, zip.lon);
  const fsa = v.country === 'CA' && v.zip ? reference.fsa(v.zip) : undefined;
  if (fsa) return located('place', fsa.lat, fsa.lon);
  const state = v.state ? stateCentres().get(v.state) : undefined;
  return state ? located('state', state.lat, state.lon) : undefined;
}
