import { editDistance } from './edit-distance.js';
import { maskDistance } from './letter-masks.js';
import type { StreetCandidate, StreetKeys, TypoQuery } from './match-street.js';
import type { SectionStreets } from './section-streets.js';
import type { BlockStreet, ZipBlock } from './zip-block.js';

/**
 * The street indexes of the sectional centres (first three characters of the postal code)
 * an area's ZIPs fall in, seen through that area: one look-up per key instead of three in
 * each of 40-100 blocks (each block's maps are their own scattered hash tables, so those
 * look-ups were mostly cache misses, the largest cost of an input without its ZIP), and one
 * comparison per distinct name in the typo scan. Answers exactly as `findSameStreets` and
 * `findTypoStreets` block by block would, in the order of the blocks.
 *
 * Every area of a sectional centre (a city's ZIPs, a ZIP with its neighbours) shares that
 * centre's index, and a block's part of it is built once: an area never pays to merge
 * thousands of streets it did not bring.
 */
export class AreaStreets {
  private readonly sections: readonly SectionStreets[];

  constructor(
    private readonly parts: readonly SectionPart[],
    /** ZIP -> its place among the area's blocks. */
    private readonly order: ReadonlyMap<string, number>,
  ) {
    this.sections = parts.map((p) => p.section);
  }

  /** Per block, in the order of the blocks: the street as written, else by name, else name and type run together. */
  find(keys: StreetKeys): StreetCandidate[] {
    let hits: RankedHits[] | undefined;
    // Marks the blocks already answered in this call, by place (no set allocated per call).
    const stamp = nextStamp(this.order.size);
    for (const section of this.sections) {
      const exact = section.exact.get(keys.key);
      const name = section.names.get(keys.name)?.occurrences;
      const joined = section.joined.get(keys.joined);
      if (!exact && !name?.length && !joined) continue;
      hits ??= [];
      // Per ZIP, the first of exact, by name, joined that it has (as findSameStreets).
      if (exact)
        for (const { zip, street } of exact) {
          const rank = this.order.get(zip);
          if (rank === undefined) continue;
          answered[rank] = stamp;
          hits.push({ rank, candidates: [{ zip, street, kind: 'exact', distance: 0 }] });
        }
      for (const list of name ? [name, joined] : [joined])
        if (list)
          for (const { zip, streets } of list) {
            const rank = this.order.get(zip);
            if (rank === undefined || answered[rank] === stamp) continue;
            answered[rank] = stamp;
            const candidates: StreetCandidate[] = [];
            for (const street of streets) candidates.push({ zip, street, kind: 'name', distance: 0 });
            hits.push({ rank, candidates });
          }
    }
    if (!hits?.length) return [];
    if (hits.length === 1) return hits[0].candidates;
    hits.sort(byRank);
    const out: StreetCandidate[] = [];
    for (const { candidates } of hits) for (const c of candidates) out.push(c);
    return out;
  }

  /**
   * `findTypoStreets` over the blocks of `typoZips`, in block order: per block, the first
   * reading with a mistyped type or directional that it has, else the names a slip away.
   * A name shared by several ZIPs is compared once.
   */
  findTypos(query: TypoQuery, typoZips: ReadonlySet<string>): StreetCandidate[] {
    // Per ZIP, all the hits of the first reading it has.
    const byVariant = new Map<string, StreetCandidate[]>();
    for (const keys of query.variants) {
      const thisVariant = new Map<string, StreetCandidate[]>();
      for (const c of this.find(keys)) {
        if (!typoZips.has(c.zip) || byVariant.has(c.zip)) continue;
        const hit: StreetCandidate = { ...c, kind: 'typo', distance: 1 };
        const list = thisVariant.get(c.zip);
        if (list) list.push(hit);
        else thisVariant.set(c.zip, [hit]);
      }
      for (const [zip, hits] of thisVariant) byVariant.set(zip, hits);
    }
    const bySlip = new Map<string, SlipHit[]>();
    const { name, budget } = query;
    if (budget)
      for (const { section, typoBlocks } of this.parts)
        for (let length = name.length - budget; length <= name.length + budget; length++) {
          if (typoBlocks) {
            // Few of the section's blocks are the area's typo ZIPs: their own names are fewer.
            for (const block of typoBlocks) {
              if (byVariant.has(block.zip)) continue;
              const { masks, entries } = block.namesOfLength(length);
              for (let i = 0; i < entries.length; i++) {
                if (maskDistance(masks, i, query.masks) > 2 * budget) continue;
                const distance = editDistance(name, entries[i].name, budget);
                if (distance <= budget)
                  addSlip(bySlip, block.zip, { length, position: i, streets: entries[i].streets, distance });
              }
            }
            continue;
          }
          const bucket = section.bucket(length);
          if (!bucket) continue;
          const { masks, entries, size } = bucket;
          for (let i = 0; i < size; i++) {
            if (maskDistance(masks, i, query.masks) > 2 * budget) continue;
            const entry = entries[i];
            if (!entry.occurrences.length) continue; // its ZIPs were replaced
            const distance = editDistance(name, entry.name, budget);
            if (distance > budget) continue;
            for (const { zip, streets, position } of entry.occurrences)
              if (typoZips.has(zip) && !byVariant.has(zip) && this.order.has(zip))
                addSlip(bySlip, zip, { length, position, streets, distance });
          }
        }
    const zips = [...byVariant.keys(), ...bySlip.keys()];
    zips.sort((a, b) => this.order.get(a)! - this.order.get(b)!);
    const out: StreetCandidate[] = [];
    for (const zip of zips) {
      const variant = byVariant.get(zip);
      if (variant) {
        out.push(...variant);
        continue;
      }
      const hits = bySlip.get(zip)!;
      hits.sort((a, b) => a.length - b.length || a.position - b.position);
      for (const { streets, distance } of hits)
        for (const street of streets) out.push({ zip, street, kind: 'typo', distance });
    }
    return out;
  }
}

/**
 * A section as one area sees it: its typo scan reads the merged names, or, when the area's
 * typo ZIPs in it carry fewer names than it holds (a city reaching a few ZIPs into the next
 * sectional centre), those blocks' own names.
 */
export interface SectionPart {
  section: SectionStreets;
  typoBlocks?: ZipBlock[];
}

interface RankedHits {
  rank: number;
  candidates: StreetCandidate[];
}

const byRank = (a: RankedHits, b: RankedHits) => a.rank - b.rank;

/** Per block place, the call that last answered it (see `find`). */
let answered = new Int32Array(512);
let stamps = 0;

function nextStamp(places: number): number {
  if (answered.length < places) answered = new Int32Array(places * 2);
  if (++stamps === 2 ** 31 - 1) {
    answered.fill(0);
    stamps = 1;
  }
  return stamps;
}

function addSlip(bySlip: Map<string, SlipHit[]>, zip: string, hit: SlipHit): void {
  const list = bySlip.get(zip);
  if (list) list.push(hit);
  else bySlip.set(zip, [hit]);
}

interface SlipHit {
  length: number;
  position: number;
  streets: BlockStreet[];
  distance: number;
}
