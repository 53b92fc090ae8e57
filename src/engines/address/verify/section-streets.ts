import { storeMasks } from './letter-masks.js';
import type { BlockStreet, ZipBlock } from './zip-block.js';

/** Where a name occurs: its ZIP, streets, and place among that block's names of its length. */
export interface Occurrence {
  zip: string;
  streets: BlockStreet[];
  position: number;
}

/** A distinct name of the section and the ZIPs that have it (none once they were all replaced). */
export interface SectionName {
  name: string;
  occurrences: Occurrence[];
}

/**
 * The distinct names of one length, their letter masks (two per name) in one typed array
 * (the typo scan tests thousands per input; a flat array of integers scans far faster than
 * the entry objects). Names are only ever appended, so the arrays grow in place.
 */
export interface SectionBucket {
  masks: Int32Array;
  entries: SectionName[];
  size: number;
}

/**
 * The streets of the ZIP blocks of one sectional centre, merged, built up block by block:
 * a block's part is added once, when an area first searches it, and replaced only when the
 * source read that ZIP again (after evicting it). Any area of the centre reads it.
 */
export class SectionStreets {
  /** Use tick (least recently used sections are dropped first). */
  used = 0;
  /** Points of the blocks it holds (they stay alive while it does). */
  points = 0;
  /** Street key -> the ZIPs with that street as written. */
  readonly exact = new Map<string, Array<{ zip: string; street: BlockStreet }>>();
  /** Compact name -> the ZIPs with streets of that name (other types or directionals). */
  readonly names = new Map<string, SectionName>();
  /** Name and type run together -> the ZIPs with such streets. */
  readonly joined = new Map<string, Array<{ zip: string; streets: BlockStreet[] }>>();
  private readonly parts = new Map<string, ZipBlock>();
  private readonly buckets = new Map<number, SectionBucket>();

  bucket(length: number): SectionBucket | undefined {
    return this.buckets.get(length);
  }

  /** Adds the block's streets unless this very block is in already; true when something changed. */
  put(block: ZipBlock): boolean {
    const old = this.parts.get(block.zip);
    if (old === block) return false;
    if (old) this.remove(old);
    this.add(block);
    this.parts.set(block.zip, block);
    this.points += block.size - (old?.size ?? 0);
    return true;
  }

  private add(block: ZipBlock): void {
    const zip = block.zip;
    for (const [key, street] of block.streets) push(this.exact, key, { zip, street });
    // The place of each name among the block's names of its length, as ZipBlock.nameBuckets
    // orders them: typo hits within one ZIP keep the order of the block-by-block search.
    const positions = new Map<number, number>();
    for (const [name, streets] of block.byName) {
      const position = positions.get(name.length) ?? 0;
      positions.set(name.length, position + 1);
      let entry = this.names.get(name);
      if (!entry) {
        entry = { name, occurrences: [] };
        this.names.set(name, entry);
        this.append(entry);
      }
      entry.occurrences.push({ zip, streets, position });
    }
    for (const [joined, streets] of block.byJoinedName) push(this.joined, joined, { zip, streets });
  }

  private remove(block: ZipBlock): void {
    const zip = block.zip;
    for (const key of block.streets.keys()) prune(this.exact, key, zip);
    for (const name of block.byName.keys()) {
      const entry = this.names.get(name);
      if (entry) entry.occurrences = entry.occurrences.filter((o) => o.zip !== zip);
    }
    for (const joined of block.byJoinedName.keys()) prune(this.joined, joined, zip);
  }

  private append(entry: SectionName): void {
    const length = entry.name.length;
    let bucket = this.buckets.get(length);
    if (!bucket) {
      bucket = { masks: new Int32Array(32), entries: [], size: 0 };
      this.buckets.set(length, bucket);
    }
    if (2 * bucket.size === bucket.masks.length) {
      const grown = new Int32Array(bucket.masks.length * 2);
      grown.set(bucket.masks);
      bucket.masks = grown;
    }
    storeMasks(bucket.masks, bucket.size++, entry.name);
    bucket.entries.push(entry);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Drops one ZIP's entries under `key` (the key goes when none are left). */
function prune<T extends { zip: string }>(map: Map<string, T[]>, key: string, zip: string): void {
  const list = map.get(key);
  if (!list) return;
  const kept = list.filter((h) => h.zip !== zip);
  if (kept.length) map.set(key, kept);
  else map.delete(key);
}
