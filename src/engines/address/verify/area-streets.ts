import { editDistance } from './edit-distance.js';
import type { StreetCandidate, StreetKeys, TypoQuery } from './match-street.js';
import { type BlockStreet, bitCount, letterMask, type ZipBlock } from './zip-block.js';

interface Hit<T> {
  zip: string;
  value: T;
}

/** Where a name occurs: its ZIP, streets, and place in that block's bucket of its length. */
interface Occurrence {
  zip: string;
  streets: BlockStreet[];
  position: number;
}

/** The distinct names of one length across the area, each scanned and measured once. */
interface MergedBucket {
  masks: Int32Array;
  names: string[];
  occurrences: Occurrence[][];
}

/**
 * The same-street maps of the ZIP blocks an area searches, merged: one look-up per key
 * instead of three in each of 40-80 blocks (each block's maps are their own scattered
 * hash tables, so those look-ups were mostly cache misses, the largest cost of an input
 * without its ZIP). Answers exactly as `findSameStreets` block by block would.
 */
export class AreaStreets {
  private readonly exact = new Map<string, Hit<BlockStreet>[]>();
  private readonly byName = new Map<string, Hit<BlockStreet[]>[]>();
  private readonly byJoined = new Map<string, Hit<BlockStreet[]>[]>();
  /** The block instances it was built from: a block read again after eviction is a new one. */
  private readonly built = new Map<string, ZipBlock>();

  constructor(blocks: readonly ZipBlock[]) {
    for (const block of blocks) {
      const zip = block.zip;
      this.built.set(zip, block);
      for (const [key, value] of block.streets) push(this.exact, key, { zip, value });
      for (const [name, value] of block.byName) push(this.byName, name, { zip, value });
      for (const [joined, value] of block.byJoinedName) push(this.byJoined, joined, { zip, value });
    }
  }

  #buckets: Map<number, MergedBucket> | undefined;

  /** Whether it was built from exactly these block instances (else it would hold evicted ones). */
  covers(blocks: readonly ZipBlock[]): boolean {
    if (blocks.length !== this.built.size) return false;
    for (const block of blocks) if (this.built.get(block.zip) !== block) return false;
    return true;
  }

  /** Per block, in the order of `blocks`: the street as written, else by name, else name and type run together. */
  find(keys: StreetKeys, blocks: readonly ZipBlock[]): StreetCandidate[] {
    const exact = this.exact.get(keys.key);
    const name = this.byName.get(keys.name);
    const joined = this.byJoined.get(keys.joined);
    if (!exact && !name && !joined) return [];
    const perZip = new Map<string, StreetCandidate[]>();
    for (const { zip, value } of exact ?? [])
      perZip.set(zip, [{ zip, street: value, kind: 'exact', distance: 0 }]);
    for (const hits of [name, joined])
      for (const { zip, value } of hits ?? [])
        if (!perZip.has(zip))
          perZip.set(
            zip,
            value.map((street) => ({ zip, street, kind: 'name', distance: 0 })),
          );
    const out: StreetCandidate[] = [];
    for (const block of blocks) {
      const candidates = perZip.get(block.zip);
      if (candidates) out.push(...candidates);
    }
    return out;
  }

  /**
   * `findTypoStreets` over the blocks of `typoZips`, in block order: per block, the first
   * reading with a mistyped type or directional that it has, else the names a slip away.
   * A name shared by several ZIPs is compared once.
   */
  findTypos(query: TypoQuery, blocks: readonly ZipBlock[], typoZips: ReadonlySet<string>): StreetCandidate[] {
    // Per ZIP, all the hits of the first reading it has.
    const byVariant = new Map<string, StreetCandidate[]>();
    for (const keys of query.variants) {
      const thisVariant = new Map<string, StreetCandidate[]>();
      for (const c of this.find(keys, blocks)) {
        if (!typoZips.has(c.zip) || byVariant.has(c.zip)) continue;
        const hit: StreetCandidate = { ...c, kind: 'typo', distance: 1 };
        const list = thisVariant.get(c.zip);
        if (list) list.push(hit);
        else thisVariant.set(c.zip, [hit]);
      }
      for (const [zip, hits] of thisVariant) byVariant.set(zip, hits);
    }
    const bySlip = new Map<
      string,
      Array<{ length: number; position: number; streets: BlockStreet[]; distance: number }>
    >();
    const { name, budget, mask } = query;
    if (budget)
      for (let length = name.length - budget; length <= name.length + budget; length++) {
        const bucket = this.buckets().get(length);
        if (!bucket) continue;
        const { masks, names, occurrences } = bucket;
        for (let i = 0; i < masks.length; i++) {
          if (bitCount(mask ^ masks[i]) > 2 * budget) continue;
          const distance = editDistance(name, names[i], budget);
          if (distance > budget) continue;
          for (const { zip, streets, position } of occurrences[i]) {
            if (!typoZips.has(zip) || byVariant.has(zip)) continue;
            const list = bySlip.get(zip);
            const hit = { length, position, streets, distance };
            if (list) list.push(hit);
            else bySlip.set(zip, [hit]);
          }
        }
      }
    const out: StreetCandidate[] = [];
    for (const block of blocks) {
      if (!typoZips.has(block.zip)) continue;
      const variant = byVariant.get(block.zip);
      if (variant) {
        out.push(...variant);
        continue;
      }
      const hits = bySlip.get(block.zip) ?? [];
      hits.sort((a, b) => a.length - b.length || a.position - b.position);
      for (const { streets, distance } of hits)
        for (const street of streets) out.push({ zip: block.zip, street, kind: 'typo', distance });
    }
    return out;
  }

  private buckets(): Map<number, MergedBucket> {
    if (this.#buckets) return this.#buckets;
    const byName = new Map<string, Occurrence[]>();
    for (const block of this.built.values())
      for (const bucket of block.nameBuckets().values())
        for (const [position, entry] of bucket.entries.entries())
          push(byName, entry.name, { zip: block.zip, streets: entry.streets, position });
    const lists = new Map<number, Array<[string, Occurrence[]]>>();
    for (const entry of byName) push(lists, entry[0].length, entry);
    this.#buckets = new Map();
    for (const [length, entries] of lists)
      this.#buckets.set(length, {
        masks: Int32Array.from(entries, ([n]) => letterMask(n)),
        names: entries.map(([n]) => n),
        occurrences: entries.map(([, o]) => o),
      });
    return this.#buckets;
  }
}

function push<K, T>(map: Map<K, T[]>, key: K, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Merged indexes kept, least recently used dropped first. Each covers one set of ZIPs (a
 * city, a sectional centre) of at most MAX_STREETS streets: ~6 MB and ~25 ms to build at that
 * size, so larger areas (the 10M-point synthetic set puts ~29,000 streets in Louisville's
 * sectional centre) keep the block-by-block search rather than stall a request for longer.
 */
const KEPT = 32;
const MAX_STREETS = 16_000;
const indexes = new Map<string, AreaStreets>();
/** How often each set of ZIPs was searched: an index is built on the second search, never for a one-off. */
const searched = new Map<string, number>();
/** The set key of a `near` list (cached lists are shared, so this is computed once per list). */
const setKeys = new WeakMap<readonly string[], string>();

/**
 * The merged index for these blocks (searched for `near`), or undefined while it is not
 * worth building: few blocks, too many streets, or a set of ZIPs not searched before.
 */
export function areaStreets(near: readonly string[], blocks: readonly ZipBlock[]): AreaStreets | undefined {
  if (blocks.length < 8) return undefined;
  let key = setKeys.get(near);
  if (key === undefined) {
    key = [...near].sort().join(',');
    setKeys.set(near, key);
  }
  const index = indexes.get(key);
  if (index?.covers(blocks)) {
    indexes.delete(key);
    indexes.set(key, index); // most recently used last
    return index;
  }
  const times = (searched.get(key) ?? 0) + 1;
  if (searched.size >= 10_000) searched.clear();
  searched.set(key, times);
  if (times < 2) return undefined;
  let streets = 0;
  for (const block of blocks) streets += block.streets.size;
  if (streets > MAX_STREETS) return undefined;
  indexes.delete(key);
  if (indexes.size >= KEPT) indexes.delete(indexes.keys().next().value!);
  const built = new AreaStreets(blocks);
  indexes.set(key, built);
  return built;
}
