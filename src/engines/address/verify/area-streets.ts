import { editDistance } from './edit-distance.js';
import { maskDistance } from './letter-masks.js';
import type { StreetCandidate, StreetKeys, TypoQuery } from './match-street.js';
import { SectionStreets } from './section-streets.js';
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

/**
 * Section indexes kept, least recently used dropped first. One holds every block of its
 * sectional centre that an area searched (the 10M-point synthetic set puts ~27,000 points
 * and ~20,000 streets in Louisville's), and a block the source has evicted stays alive
 * while a section holds it: the points bound caps that beside the source's own cache.
 */
const SECTIONS_KEPT = 16;
const SECTION_POINTS_KEPT = 250_000;
/** An area spanning more sectional centres than this is searched block by block (a state's streets). */
const MAX_SECTIONS = 4;
const sections = new Map<string, SectionStreets>();
let tick = 0;
/** Bumped whenever a section index changes or is dropped: a view synced at this epoch is current. */
let epoch = 0;

/**
 * What an area (one cached `near` list) last saw: its blocks' ids, and when it synced; per
 * sectional centre, the places among its blocks of the typo ZIPs to scan one by one, if any.
 * (Ids and places, not blocks: a view must not keep evicted blocks alive.)
 */
interface View {
  searches: number;
  ids: number[];
  epoch: number;
  plan: Array<{ prefix: string; typoPlaces?: number[] }>;
  order: Map<string, number>;
}

/** Keyed by the shared, cached `near` list of an area; bounded by a plain reset. */
const views = new Map<readonly string[], View>();
const VIEWS_KEPT = 5_000;

const sectionOf = (zip: string) => zip.slice(0, 3);

/**
 * The sectional indexes for these blocks (searched for `near`), or undefined while they are
 * not worth using: few blocks, too many sectional centres, or an area not searched before.
 */
export function areaStreets(
  near: readonly string[],
  typoZips: ReadonlySet<string>,
  blocks: readonly ZipBlock[],
): AreaStreets | undefined {
  if (blocks.length < 8) return undefined;
  let view = views.get(near);
  if (!view) {
    if (views.size >= VIEWS_KEPT) views.clear();
    view = { searches: 0, ids: [], epoch: -1, plan: [], order: new Map() };
    views.set(near, view);
  }
  // Built on an area's second search, never for a one-off.
  if (++view.searches < 2) return undefined;
  if (!current(view, blocks) && !sync(view, typoZips, blocks)) return undefined;
  const parts: SectionPart[] = [];
  for (const { prefix, typoPlaces } of view.plan) {
    const section = sections.get(prefix)!;
    section.used = ++tick;
    parts.push({ section, typoBlocks: typoPlaces?.map((i) => blocks[i]) });
  }
  return new AreaStreets(parts, view.order);
}

/** Whether the view's section indexes already hold exactly these block instances. */
function current(view: View, blocks: readonly ZipBlock[]): boolean {
  if (view.epoch !== epoch || view.ids.length !== blocks.length) return false;
  for (let i = 0; i < blocks.length; i++) if (view.ids[i] !== blocks[i].id) return false;
  return true;
}

/** Puts these blocks into their section indexes (a block read again after eviction replaces its part). */
function sync(view: View, typoZips: ReadonlySet<string>, blocks: readonly ZipBlock[]): boolean {
  const prefixes = [...new Set(blocks.map((b) => sectionOf(b.zip)))];
  if (prefixes.length > MAX_SECTIONS) return false;
  for (const prefix of prefixes) {
    let section = sections.get(prefix);
    if (!section) {
      if (sections.size >= SECTIONS_KEPT) dropLeastUsed(prefixes);
      section = new SectionStreets();
      sections.set(prefix, section);
      epoch++;
    }
    section.used = ++tick;
  }
  for (const block of blocks) if (sections.get(sectionOf(block.zip))!.put(block)) epoch++;
  while (pointsHeld() > SECTION_POINTS_KEPT && dropLeastUsed(prefixes));
  view.plan = prefixes.map((prefix) => {
    const typoPlaces: number[] = [];
    let names = 0;
    for (const [i, block] of blocks.entries())
      if (sectionOf(block.zip) === prefix && typoZips.has(block.zip)) {
        typoPlaces.push(i);
        names += block.byName.size;
      }
    return names < sections.get(prefix)!.names.size ? { prefix, typoPlaces } : { prefix };
  });
  view.ids = blocks.map((b) => b.id);
  view.order = new Map(blocks.map((b, i) => [b.zip, i]));
  view.epoch = epoch;
  return true;
}

/** Drops the least recently used section not in `keep`; false when there is none. */
function dropLeastUsed(keep: readonly string[]): boolean {
  let oldest: string | undefined;
  for (const [prefix, section] of sections)
    if (!keep.includes(prefix) && (oldest === undefined || section.used < sections.get(oldest)!.used))
      oldest = prefix;
  if (oldest === undefined) return false;
  sections.delete(oldest);
  epoch++;
  return true;
}

function pointsHeld(): number {
  let points = 0;
  for (const section of sections.values()) points += section.points;
  return points;
}
