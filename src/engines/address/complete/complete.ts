import type { ReferencePoint } from '../verify/reference-point.js';
import { readPartialStreet } from './partial-street.js';
import {
  type Candidate,
  type RangeSide,
  type RangeWant,
  rangeCandidates,
  rangeWant,
} from './range-numbers.js';
import { type Completion, rankCandidates } from './rank.js';
import { type SearchPlan, searchPlan } from './search-plan.js';

/** Where completions may come from (all optional; together they narrow). */
export interface AreaFilter {
  /** State or province codes (a state filter, or every code of a country filter). */
  states?: string[];
  /** Postal code without spaces, upper case: the whole code when `postalExact`, else its start. */
  postal?: string;
  postalExact?: boolean;
  /** The city as the points name it: the whole name when `cityExact`, else its start. */
  city?: string;
  cityExact?: boolean;
  /** Also ZIPs whose mailing city (bundled ZIP table) is the city filter: points may name another city. */
  cityZips?: string[];
}

export type FallbackPlan = NonNullable<SearchPlan['fallback']>;

/** What a fallback read: points of the streets it chose, and their side ranges. */
export interface FallbackRead {
  points: ReferencePoint[];
  ranges: RangeSide[];
}

/**
 * The store behind autocomplete. The engine stays pure: the PostgreSQL store
 * (reference-store/) implements this.
 */
export interface CompletionSource {
  /** Points whose key (plan.by) falls in one of the ranges, in key order, at most `rows` per range. */
  prefix(plan: SearchPlan, filter: AreaFilter, rows: number): Promise<ReferencePoint[]>;
  /**
   * Side ranges holding a number the want admits, on streets named as the plan's names (any
   * street for a number typed alone), at most `rows` per name range. A range on a street that
   * has points in its ZIP is never read: there the points answer. Absent: no ranges.
   */
  ranges?(plan: SearchPlan, want: RangeWant, filter: AreaFilter, rows: number): Promise<RangeSide[]>;
  /** Points on the streets the fallback names (at most `rows` per street), and with `want` their ranges. */
  fallback(plan: FallbackPlan, filter: AreaFilter, rows: number, want?: RangeWant): Promise<FallbackRead>;
  /** ZIP -> how many points it holds (a locality's weight in the ranking). */
  prominence(): ((zip: string) => number) | Promise<(zip: string) => number>;
}

export interface CompletionRequest {
  partialStreet: string;
  filter: AreaFilter;
  limit: number;
  verifiedOnly?: boolean;
}

/** Candidates read per key range: enough that ranking, not index order, picks the first `limit`. */
export const rowsFor = (limit: number) => Math.min(150, Math.max(30, limit * 3));

/**
 * Completions for a partial street, best first. The prefix read answers most keystrokes; where
 * its points leave the list short, the street ranges fill it (numbers a range holds, where no
 * point is on that street); the fallback (typos, known streets without the typed number) runs
 * only when they found nothing: while some address starts as typed, the typing is taken as
 * right. The same request over the same data gives the same list, so an index into a preview
 * list names the same address when it is resolved.
 */
export async function completeAddress(
  source: CompletionSource,
  request: CompletionRequest,
): Promise<Completion[]> {
  const typed = readPartialStreet(request.partialStreet);
  const plan = searchPlan(typed);
  if (!plan) return [];
  const rows = rowsFor(request.limit);
  const want = rangeWant(typed.number);
  const [points, weights] = await Promise.all([
    source.prefix(plan, request.filter, rows),
    source.prominence(),
  ]);
  const options = { prominence: weights, verifiedOnly: request.verifiedOnly };
  let ranked = rankCandidates(typed, points, options);
  // A range's smallest numbers, as many as the list holds: its first `limit` are the same whatever it is.
  const take = request.limit;
  let candidates: Candidate[] = points;
  // Ranges fill what the points leave of the list: a store's points cost it no range read.
  if (ranked.length < request.limit && want && source.ranges) {
    const sides = await source.ranges(plan, want, request.filter, rows);
    if (sides.length) {
      candidates = points.concat(rangeCandidates(sides, want, take));
      ranked = rankCandidates(typed, candidates, options);
    }
  }
  if (!ranked.length && plan.fallback) {
    const more = await source.fallback(plan.fallback, request.filter, rows, want);
    const fromRanges = rangeCandidates(more.ranges, want, take);
    ranked = rankCandidates(typed, candidates.concat(more.points, fromRanges), options);
  }
  return ranked.slice(0, request.limit);
}
