import type { Queryable } from '../db/pool.js';
import {
  buildCoverage,
  type CandidateSource,
  type Coverage,
} from '../engines/address/verify/candidate-source.js';
import type { ReferencePoint } from '../engines/address/verify/reference-point.js';
import { type NamedRange, ZipBlock } from '../engines/address/verify/zip-block.js';
import { areasVersion, coveredAreas, pointsInZips, zipsWithStreet } from './points.repo.js';
import { rangeAreas, rangesInZips, rangesVersion, zipsWithRangeStreet } from './ranges/ranges.repo.js';

const STREET_ZIPS_CACHED = 50_000;
/** ZIPs per block query: one round trip for a batch's ZIPs, in bounded pieces. */
const ZIPS_PER_QUERY = 200;

/** A cached ZIP block (null: the ZIP has no points) and when it was last used. */
interface CachedBlock {
  block: ZipBlock | null;
  used: number;
}

export interface PgSourceOptions {
  /** Points kept in memory across cached ZIP blocks (least recently used ZIP dropped first). */
  maxPoints?: number;
  /** How often to check whether another process imported points. */
  recheckMs?: number;
}

/**
 * Reference points and street ranges from PostgreSQL, one ZIP block per query, kept in an LRU
 * cache so a warm server verifies in memory. Coverage (which ZIPs have points or ranges) is
 * loaded whole and reloaded, with the cache cleared, when an import changes it. A ZIP's ranges
 * are read beside its points only when the range coverage has that ZIP, so a store without
 * ranges costs no query more than before.
 */
export class PgSource implements CandidateSource {
  private blocks = new Map<string, CachedBlock>();
  /** Blocks being read: concurrent requests for a cold ZIP share one query. */
  private loading = new Map<string, Promise<Map<string, ZipBlock | null>>>();
  /** Use counter for the LRU: a warm hit bumps a number instead of reordering the map. */
  private tick = 0;
  /** Bumped when the caches are cleared, so a read that was in flight does not refill them with old data. */
  private generation = 0;
  /** "STATE|NAME" -> ZIPs with that street: a repeated street-only input costs no query. */
  private streetZips = new Map<string, string[]>();
  private cover: Coverage | undefined;
  /** ZIPs with street ranges (street_range_areas). */
  private rangeZips: ReadonlySet<string> = new Set();
  private version = '';
  private checkedAt = 0;
  private readonly maxPoints: number;
  private cachedPoints = 0;
  private readonly recheckMs: number;

  constructor(
    private readonly db: Queryable,
    options: PgSourceOptions = {},
  ) {
    // ~800 bytes of heap per cached point (docs/benchmarks.md): 500,000 points is ~400 MB.
    this.maxPoints = options.maxPoints ?? 500_000;
    this.recheckMs = options.recheckMs ?? 5000;
  }

  // Not `async`: a fresh answer is returned as a plain value, with no promise to wait on.
  coverage(): Coverage | Promise<Coverage> {
    if (this.cover && Date.now() - this.checkedAt < this.recheckMs) return this.cover;
    return this.reloadCoverage();
  }

  private async reloadCoverage(): Promise<Coverage> {
    const versions = await Promise.all([areasVersion(this.db), rangesVersion(this.db)]);
    const version = versions.join('|');
    this.checkedAt = Date.now();
    if (!this.cover || version !== this.version) {
      const [points, ranges] = await Promise.all([coveredAreas(this.db), rangeAreas(this.db)]);
      this.cover = buildCoverage([...points, ...ranges]);
      this.rangeZips = new Set(ranges.map((r) => r.zip));
      this.version = version;
      this.clearCaches();
    }
    return this.cover;
  }

  /** Forget everything (after an import in this process). */
  invalidate(): void {
    this.cover = undefined;
    this.clearCaches();
  }

  private clearCaches(): void {
    this.generation++;
    this.blocks.clear();
    this.loading.clear();
    this.streetZips.clear();
    this.cachedPoints = 0;
  }

  zipsWithStreet(state: string, name: string): string[] | Promise<string[]> {
    const key = `${state}|${name}`;
    return this.streetZips.get(key) ?? this.loadStreetZips(key, state, name);
  }

  private async loadStreetZips(key: string, state: string, name: string): Promise<string[]> {
    const [points, ranges] = await Promise.all([
      zipsWithStreet(this.db, state, name),
      this.rangeZips.size ? zipsWithRangeStreet(this.db, state, name) : [],
    ]);
    const zips = [...new Set([...points, ...ranges])];
    // Bounded by a plain reset: entries are a few ZIPs each and cheap to re-read.
    if (this.streetZips.size >= STREET_ZIPS_CACHED) this.streetZips.clear();
    this.streetZips.set(key, zips);
    return zips;
  }

  block(zip: string): ZipBlock | undefined | Promise<ZipBlock | undefined> {
    const cached = this.blocks.get(zip);
    if (cached) {
      cached.used = ++this.tick;
      return cached.block ?? undefined;
    }
    return this.loadBlock(zip);
  }

  private async loadBlock(zip: string): Promise<ZipBlock | undefined> {
    // From the read itself, not the cache: a reload of the coverage meanwhile keeps it out of the cache.
    const read = await (this.loading.get(zip) ?? this.fetch([zip]));
    return read.get(zip) ?? undefined;
  }

  /**
   * Reads the blocks of these ZIPs that are not cached, in a few set-based queries (a batch
   * of 2,000 addresses needs its ZIPs read once, not once per address). A hint: verification
   * reads any block it still lacks itself.
   */
  async prefetch(zips: Iterable<string>): Promise<void> {
    const missing = [...new Set(zips)].filter((z) => !this.blocks.has(z));
    const waits = missing.flatMap((z) => this.loading.get(z) ?? []);
    const toFetch = missing.filter((z) => !this.loading.has(z));
    for (let i = 0; i < toFetch.length; i += ZIPS_PER_QUERY)
      waits.push(this.fetch(toFetch.slice(i, i + ZIPS_PER_QUERY)));
    await Promise.all(waits);
  }

  /** Reads the blocks of `zips` (null: no points) and caches them unless the caches were cleared meanwhile. */
  private fetch(zips: string[]): Promise<Map<string, ZipBlock | null>> {
    const generation = this.generation;
    const done = this.read(zips).then(([byZip, rangesByZip]) => {
      const read = new Map<string, ZipBlock | null>();
      for (const zip of zips) {
        const points = byZip.get(zip) ?? [];
        const ranges = rangesByZip.get(zip) ?? [];
        const block = points.length || ranges.length ? new ZipBlock(zip, points, ranges) : null;
        read.set(zip, block);
        if (generation === this.generation) this.store(zip, block);
      }
      return read;
    });
    const settled = done.finally(() => {
      for (const zip of zips) if (this.loading.get(zip) === settled) this.loading.delete(zip);
    });
    for (const zip of zips) this.loading.set(zip, settled);
    return settled;
  }

  /** The points of `zips`, and the ranges of those the range coverage has (in parallel). */
  private read(zips: string[]): Promise<[Map<string, ReferencePoint[]>, Map<string, NamedRange[]>]> {
    const withRanges = zips.filter((z) => this.rangeZips.has(z));
    return Promise.all([
      pointsInZips(this.db, zips),
      withRanges.length ? rangesInZips(this.db, withRanges) : new Map<string, NamedRange[]>(),
    ]);
  }

  private store(zip: string, block: ZipBlock | null): void {
    this.blocks.set(zip, { block, used: ++this.tick });
    this.cachedPoints += block?.size ?? 0;
    if (this.cachedPoints > this.maxPoints) this.evict();
  }

  /**
   * Drops the least recently used blocks down to 90% of the budget, so evictions come in
   * rounds rather than on every read once the cache is full.
   */
  private evict(): void {
    const byAge = [...this.blocks].sort((a, b) => a[1].used - b[1].used);
    const target = this.maxPoints * 0.9;
    // The newest block stays whatever its size: the read that loaded it is about to use it.
    for (const [zip, cached] of byAge.slice(0, -1)) {
      if (this.cachedPoints <= target) break;
      this.blocks.delete(zip);
      this.cachedPoints -= cached.block?.size ?? 0;
    }
  }
}
