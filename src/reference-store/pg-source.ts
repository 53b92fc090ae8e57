import type { Queryable } from '../db/pool.js';
import {
  buildCoverage,
  type CandidateSource,
  type Coverage,
} from '../engines/address/verify/candidate-source.js';
import { ZipBlock } from '../engines/address/verify/zip-block.js';
import { areasVersion, coveredAreas, pointsInZip, zipsWithStreet } from './points.repo.js';

const STREET_ZIPS_CACHED = 50_000;

export interface PgSourceOptions {
  /** Points kept in memory across cached ZIP blocks (least recently used ZIP dropped first). */
  maxPoints?: number;
  /** How often to check whether another process imported points. */
  recheckMs?: number;
}

/**
 * Reference points from PostgreSQL, one ZIP block per query, kept in an LRU cache so a
 * warm server verifies in memory. Coverage (which ZIPs have points) is loaded whole and
 * reloaded, with the cache cleared, when an import changes it.
 */
export class PgSource implements CandidateSource {
  private blocks = new Map<string, ZipBlock | null>();
  /** "STATE|NAME" -> ZIPs with that street: a repeated street-only input costs no query. */
  private streetZips = new Map<string, string[]>();
  private cover: Coverage | undefined;
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
    const version = await areasVersion(this.db);
    this.checkedAt = Date.now();
    if (!this.cover || version !== this.version) {
      this.cover = buildCoverage(await coveredAreas(this.db));
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
    this.blocks.clear();
    this.streetZips.clear();
    this.cachedPoints = 0;
  }

  zipsWithStreet(state: string, name: string): string[] | Promise<string[]> {
    const key = `${state}|${name}`;
    return this.streetZips.get(key) ?? this.loadStreetZips(key, state, name);
  }

  private async loadStreetZips(key: string, state: string, name: string): Promise<string[]> {
    const zips = await zipsWithStreet(this.db, state, name);
    // Bounded by a plain reset: entries are a few ZIPs each and cheap to re-read.
    if (this.streetZips.size >= STREET_ZIPS_CACHED) this.streetZips.clear();
    this.streetZips.set(key, zips);
    return zips;
  }

  block(zip: string): ZipBlock | undefined | Promise<ZipBlock | undefined> {
    const cached = this.blocks.get(zip);
    if (cached !== undefined) {
      this.blocks.delete(zip);
      this.blocks.set(zip, cached); // most recently used goes last
      return cached ?? undefined;
    }
    return this.load(zip);
  }

  private async load(zip: string): Promise<ZipBlock | undefined> {
    const points = await pointsInZip(this.db, zip);
    const block = points.length ? new ZipBlock(zip, points) : null;
    this.blocks.set(zip, block);
    this.cachedPoints += points.length;
    for (const [oldest, old] of this.blocks) {
      if (this.cachedPoints <= this.maxPoints || oldest === zip) break;
      this.blocks.delete(oldest);
      this.cachedPoints -= old?.size ?? 0;
    }
    return block ?? undefined;
  }
}
