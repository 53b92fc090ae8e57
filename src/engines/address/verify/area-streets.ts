import type { StreetCandidate, StreetKeys } from './match-street.js';
import type { BlockStreet, ZipBlock } from './zip-block.js';

interface Hit<T> {
  zip: string;
  value: T;
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
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Merged indexes kept (each covers one set of ZIPs: a city, or a sectional centre; ~3 MB at 10M-point density). */
const KEPT = 16;
const indexes = new Map<string, AreaStreets>();
/** How often each set of ZIPs was searched: an index is built on the second search, never for a one-off. */
const searched = new Map<string, number>();
/** The set key of a `near` list (cached lists are shared, so this is computed once per list). */
const setKeys = new WeakMap<readonly string[], string>();

/**
 * The merged index for these blocks (searched for `near`), or undefined while it is not
 * worth building: few blocks, or a set of ZIPs not searched before.
 */
export function areaStreets(near: readonly string[], blocks: readonly ZipBlock[]): AreaStreets | undefined {
  if (blocks.length < 8) return undefined;
  let key = setKeys.get(near);
  if (key === undefined) {
    key = [...near].sort().join(',');
    setKeys.set(near, key);
  }
  const index = indexes.get(key);
  if (index?.covers(blocks)) return index;
  const times = (searched.get(key) ?? 0) + 1;
  if (searched.size >= 10_000) searched.clear();
  searched.set(key, times);
  if (times < 2) return undefined;
  if (indexes.size >= KEPT) indexes.clear();
  const built = new AreaStreets(blocks);
  indexes.set(key, built);
  return built;
}
