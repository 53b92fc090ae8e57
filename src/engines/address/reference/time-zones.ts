import { lazy } from '../../../platform/lazy.js';
import { requireData } from './load-package.js';

type TzLookup = (lat: number, lon: number) => string;
const tzLookup = lazy(() => requireData('tz-lookup') as TzLookup);

/** IANA zone for a point; undefined off the map (the package throws on bad input). */
export function timeZoneAt(lat: number, lon: number): string | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  try {
    return tzLookup()(lat, lon);
  } catch {
    return undefined;
  }
}

const dstCache = new Map<string, boolean>();

/** Whether a zone observes daylight saving: its UTC offset differs between January and July. */
export function observesDst(timeZone: string): boolean {
  const cached = dstCache.get(timeZone);
  if (cached !== undefined) return cached;
  const offset = (month: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(
      new Date(Date.UTC(2025, month, 15)),
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  };
  let result = false;
  try {
    result = offset(0) !== offset(6);
  } catch {
    result = false;
  }
  dstCache.set(timeZone, result);
  return result;
}
