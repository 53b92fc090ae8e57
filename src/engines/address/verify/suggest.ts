import { houseNumberValue } from '../geocode/interpolate.js';
import { reference } from '../index.js';
import { resolveArea } from './area.js';
import type { CandidateSource } from './candidate-source.js';
import { mailingCityOf } from './delivery.js';
import type { StreetCandidate } from './match-street.js';
import { type ReadAddress, readAddress } from './read-address.js';
import { numberKey, type ReferencePoint, unitKey } from './reference-point.js';
import { searchStreet } from './search-street.js';
import type { Verification } from './verification.js';
import { verifyAddress } from './verify.js';
import { streetPoints } from './zip-block.js';

/** The country of an imported point: its region's (a province is Canada), else by its postcode's shape. */
function pointCountry(point: ReferencePoint): 'US' | 'CA' {
  const region = reference.stateByNameOrCode(point.state);
  if (region) return region.country;
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(point.zip) ? 'CA' : 'US';
}

/** A reference point as a verified address (what a suggestion is). */
function asVerified(read: ReadAddress, point: ReferencePoint, street: StreetCandidate): Verification {
  const country = pointCountry(point);
  // Only US ZIPs have a mailing city in the ZIP table; a Canadian point keeps its own.
  const record = country === 'US' ? reference.zip(point.zip) : undefined;
  const settled = {
    zip: point.zip,
    city: mailingCityOf(point) ?? record?.city.toUpperCase() ?? point.city,
    state: record?.state ?? point.state,
  };
  return {
    status: 'verified',
    errors: {},
    depth: 'point',
    covered: true,
    read,
    country,
    number: point.number,
    street: street.street.form,
    ...(point.unitId ? { unit: { designator: point.unitDesignator ?? '#', id: point.unitId } } : {}),
    ...settled,
    point,
    streetPoints: streetPoints(street.street),
  };
}

/**
 * Up to `limit` real addresses closest to the input: the match itself when there is one,
 * else the units of the building, else the nearest house numbers on the likeliest streets.
 */
export async function suggestAddresses(
  source: CandidateSource,
  input: Parameters<typeof readAddress>[0],
  limit = 3,
): Promise<Verification[]> {
  const verified = await verifyAddress(source, input);
  if (verified.status !== 'failed') return [{ ...verified, status: 'verified', errors: {} }];
  const out: Verification[] = [];
  for (const read of readAddress(input)) {
    if (!read.number || !read.street) continue;
    const area = resolveArea(read, await source.coverage());
    const search = await searchStreet(source, area, read.street, read.number, area.zip);
    const target = houseNumberValue(read.number) ?? 0;
    const ranked: Array<{ score: number; point: ReferencePoint; street: StreetCandidate }> = [];
    for (const candidate of search.best) {
      for (const [n, points] of candidate.street.byNumber) {
        const gap = Math.abs((houseNumberValue(n) ?? Number.MAX_SAFE_INTEGER) - target);
        for (const point of points) {
          const unitGap =
            n === numberKey(read.number) && unitKey(point.unitId) !== unitKey(read.unit?.id) ? 0.5 : 0;
          ranked.push({ score: gap + unitGap, point, street: candidate });
        }
      }
    }
    ranked.sort(
      (a, b) =>
        a.score - b.score ||
        (a.point.unitId ?? '').localeCompare(b.point.unitId ?? '', 'en', { numeric: true }),
    );
    for (const r of ranked.slice(0, limit)) out.push(asVerified(read, r.point, r.street));
    if (out.length) break;
  }
  return out.slice(0, limit);
}
