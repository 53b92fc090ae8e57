import type { Queryable } from '../db/pool.js';
import {
  type AreaFilter,
  type AreaRow,
  type CompletionSource,
  exactRange,
  type FallbackPlan,
  type FallbackRead,
  fallbackStreets,
  type RangeSide,
  type RangeWant,
  type SearchPlan,
  StreetNameIndex,
  zipsInScope,
} from '../engines/address/complete/index.js';
import type { ReferencePoint } from '../engines/address/verify/reference-point.js';
import { areaRows, pointsByPrefix, pointsOnStreets, streetNameRows } from './completions.repo.js';
import { areasVersion } from './points.repo.js';
import { hasRangeAreas, rangesByNumber, rangesOnNames } from './ranges/range-completions.repo.js';
import { rangesVersion } from './ranges/ranges.repo.js';

/** A filter leaving at most this many ZIPs is read ZIP by ZIP; a wider one along the global indexes. */
const SCOPE_MAX_ZIPS = 100;
/** Filters whose scope is remembered (a user keeps the same filters while typing). */
const SCOPES_CACHED = 1000;
/** House-number starts whose read is remembered (each a few dozen points). */
const NUMBER_READS_CACHED = 1000;

/**
 * Autocomplete's store: points straight from PostgreSQL per keystroke (each read a short
 * walk along an index); in memory, the coverage table (ZIP weights for the ranking, and the
 * ZIPs a filter leaves) and the street names (the fallback's typo search), both reloaded when
 * an import changes the coverage (checked at most every `recheckMs`). The names load on the
 * first fallback; while a newer set loads, the one held answers.
 *
 * The read for a house number typed alone ("1", "19", "192") is remembered, points and ranges:
 * every user's first keystrokes are among a few hundred such starts, and each answer is the same
 * for everyone with the same filter until an import changes the coverage.
 *
 * Street ranges are read beside the points only in a store that has them, and for a street name
 * only when the names held show a range's street (by its primary or an alternate name) starting
 * as typed.
 */
export class PgCompletions implements CompletionSource {
  private areas: AreaRow[] = [];
  private weights = new Map<string, number>();
  private scopes = new Map<string, string[] | undefined>();
  private version = '';
  private checkedAt = 0;
  private reloading: Promise<void> | undefined;
  private streetNames: { index: StreetNameIndex; version: string } | undefined;
  private streetNamesLoading: Promise<StreetNameIndex> | undefined;
  private numberReads = new Map<string, { version: string; points: ReferencePoint[] }>();
  private numberRangeReads = new Map<string, { version: string; points: RangeSide[] }>();
  private hasRanges = false;
  private readonly weigh = (zip: string) => this.weights.get(zip) ?? 0;

  private readonly recheckMs: number;
  private readonly scopeMaxZips: number;

  constructor(
    private readonly db: Queryable,
    options: { recheckMs?: number; scopeMaxZips?: number } = {},
  ) {
    this.recheckMs = options.recheckMs ?? 5000;
    this.scopeMaxZips = options.scopeMaxZips ?? SCOPE_MAX_ZIPS;
  }

  async prefix(plan: SearchPlan, filter: AreaFilter, rows: number): Promise<ReferencePoint[]> {
    const scope = await this.scope(filter);
    if (scope?.length === 0) return [];
    // No street name starts as typed (by the current names): no point can, so nothing is read.
    const held = this.streetNames;
    if (
      held?.version === this.version &&
      plan.split.names.length &&
      !plan.split.names.some((r) => held.index.has(r))
    )
      return [];
    if (plan.split.names.length) return pointsByPrefix(this.db, plan, filter, rows, scope);
    const key = `${plan.ranges.map((r) => r.from).join('|')}|${rows}|${JSON.stringify(filter)}`;
    return this.remembered(this.numberReads, key, () => pointsByPrefix(this.db, plan, filter, rows, scope));
  }

  async ranges(plan: SearchPlan, want: RangeWant, filter: AreaFilter, rows: number): Promise<RangeSide[]> {
    const scope = await this.scope(filter);
    if (!this.hasRanges || scope?.length === 0) return [];
    const names = plan.split.names;
    if (names.length) {
      const held = this.currentNames();
      if (held && !names.some((r) => held.hasRanged(r))) return [];
      return rangesOnNames(this.db, names, want, filter, rows, scope);
    }
    const key = `${JSON.stringify(want)}|${rows}|${JSON.stringify(filter)}`;
    return this.remembered(this.numberRangeReads, key, () =>
      rangesByNumber(this.db, want, filter, rows, scope),
    );
  }

  async fallback(
    plan: FallbackPlan,
    filter: AreaFilter,
    rows: number,
    want?: RangeWant,
  ): Promise<FallbackRead> {
    const scope = await this.scope(filter);
    if (scope?.length === 0) return { points: [], ranges: [] };
    const names = fallbackStreets(await this.streetNameIndex(), plan);
    if (!names.length) return { points: [], ranges: [] };
    const [points, ranges] = await Promise.all([
      pointsOnStreets(this.db, names, plan, filter, rows, scope),
      want && this.hasRanges
        ? rangesOnNames(
            this.db,
            names.map((n) => exactRange(n)),
            want,
            filter,
            rows,
            scope,
          )
        : [],
    ]);
    return { points, ranges };
  }

  /** A read remembered until the coverage changes (a few at most: the map is emptied when full). */
  private async remembered<T>(
    reads: Map<string, { version: string; points: T[] }>,
    key: string,
    read: () => Promise<T[]>,
  ): Promise<T[]> {
    const known = reads.get(key);
    if (known?.version === this.version) return known.points;
    const version = this.version;
    const points = await read();
    if (reads.size >= NUMBER_READS_CACHED) reads.clear();
    reads.set(key, { version, points });
    return points;
  }

  /** The street names of the current coverage if held; else starts loading them and answers undefined. */
  private currentNames(): StreetNameIndex | undefined {
    const held = this.streetNames;
    if (held?.version === this.version) return held.index;
    this.streetNameIndex().catch(() => {}); // a range read meanwhile is only not skipped
    return undefined;
  }

  private async streetNameIndex(): Promise<StreetNameIndex> {
    await this.fresh();
    const held = this.streetNames;
    if (held?.version === this.version) return held.index;
    const version = this.version;
    this.streetNamesLoading ??= streetNameRows(this.db)
      .then((rows) => StreetNameIndex.build(rows, () => new Promise((resolve) => setImmediate(resolve))))
      .then((index) => {
        this.streetNames = { index, version };
        return index;
      })
      .finally(() => {
        this.streetNamesLoading = undefined;
      });
    const loading = this.streetNamesLoading;
    if (!held) return loading;
    loading.catch(() => {}); // the held names answer meanwhile; the next fallback tries again
    return held.index;
  }

  // Not `async`: a fresh table is returned as a plain value, with no promise to wait on.
  prominence(): ((zip: string) => number) | Promise<(zip: string) => number> {
    const fresh = this.fresh();
    return fresh ? fresh.then(() => this.weigh) : this.weigh;
  }

  /** The ZIPs a narrow filter leaves; undefined for no filter or a wide one. */
  private async scope(filter: AreaFilter): Promise<string[] | undefined> {
    await this.fresh();
    const key = JSON.stringify(filter);
    if (this.scopes.has(key)) return this.scopes.get(key);
    const zips = zipsInScope(this.areas, filter);
    const scope = zips && zips.length <= this.scopeMaxZips ? zips : undefined;
    if (this.scopes.size >= SCOPES_CACHED) this.scopes.clear();
    this.scopes.set(key, scope);
    return scope;
  }

  /** A promise while the coverage needs (re)checking, else undefined. */
  private fresh(): Promise<void> | undefined {
    if (this.version && Date.now() - this.checkedAt < this.recheckMs) return undefined;
    this.reloading ??= this.reload().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async reload(): Promise<void> {
    const version = (await Promise.all([areasVersion(this.db), rangesVersion(this.db)])).join('|');
    if (version !== this.version) {
      this.areas = await areaRows(this.db);
      const weights = new Map<string, number>();
      for (const a of this.areas) weights.set(a.zip, (weights.get(a.zip) ?? 0) + a.points);
      this.weights = weights;
      this.scopes.clear();
      this.numberReads.clear();
      this.numberRangeReads.clear();
      this.hasRanges = await hasRangeAreas(this.db);
      this.version = version;
    }
    this.checkedAt = Date.now();
  }
}
