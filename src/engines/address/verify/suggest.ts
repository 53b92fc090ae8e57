import { houseNumberValue } from '../geocode/interpolate.js';
import { reference } from '../index.js';
import { resolveArea } from './area.js';
import type { CandidateSource } from './candidate-source.js';
import { mailingCityOf } from './delivery.js';
import type { StreetCandidate } from './match-street.js';
import { type ReadAddress, readAddress } from './read-address.js';
import { numberKey, type ReferencePoint, unitKey } from './reference-point.js';
import { searchStreet } from './search-street.js';
import { nearestInRanges, rangeNumber, type StreetRange } from './street-range.js';
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

/** A number a street range holds, as a suggestion: a street-level answer, like a range match. */
function rangeAsVerified(
  read: ReadAddress,
  number: string,
  range: StreetRange,
  street: StreetCandidate,
): Verification {
  const record = reference.zip(range.zip);
  return {
    status: 'verified',
    errors: {},
    depth: 'range',
    covered: true,
    read,
    country: 'US',
    number,
    street: street.street.form,
    zip: range.zip,
    city: record?.city.toUpperCase() ?? '',
    state: record?.state ?? range.state,
    range,
    streetPoints: [],
  };
}

/**
 * The numbers nearest the input's that the candidates' ranges hold, for streets that have no
 * points (where a street has points, they are the suggestions).
 */
function rangeSuggestions(read: ReadAddress, candidates: StreetCandidate[], limit: number): Verification[] {
  const target = rangeNumber(numberKey(read.number ?? ''));
  if (!target) return [];
  const found = candidates.flatMap((c) =>
    c.street.ranges && !c.street.byNumber.size
      ? nearestInRanges(c.street.ranges, target, limit).map((n) => ({ ...n, street: c }))
      : [],
  );
  found.sort((a, b) => a.gap - b.gap);
  return found.slice(0, limit).map((n) => rangeAsVerified(read, n.number, n.range, n.street));
}

/**
 * Up to `limit` real addresses closest to the input: the match itself when there is one,
 * else the units of the building, else the nearest house numbers on the likeliest streets (the
 * nearest numbers their ranges hold, on streets known only by ranges).
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
    if (!out.length) out.push(...rangeSuggestions(read, search.best, limit));
    if (out.length) break;
  }
  return out.slice(0, limit);
}
