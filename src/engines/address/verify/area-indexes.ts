import { AreaStreets, type SectionPart } from './area-streets.js';
import type { Coverage } from './candidate-source.js';
import { SectionStreets } from './section-streets.js';
import type { ZipBlock } from './zip-block.js';

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
const VIEWS_KEPT = 5_000;

const sectionOf = (zip: string) => zip.slice(0, 3);

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

/**
 * The section indexes of one coverage, that is of one source between two imports: two
 * sources in one process (tests, the benchmark's two databases) do not replace each other's
 * blocks, and an import's new coverage starts afresh while the old indexes are collected.
 */
const byCoverage = new WeakMap<Coverage, AreaIndexes>();

/**
 * The sectional indexes for these blocks (searched for `near`), or undefined while they are
 * not worth using: few blocks, too many sectional centres, or an area not searched before.
 */
export function areaStreets(
  coverage: Coverage,
  near: readonly string[],
  typoZips: ReadonlySet<string>,
  blocks: readonly ZipBlock[],
): AreaStreets | undefined {
  if (blocks.length < 8) return undefined;
  let indexes = byCoverage.get(coverage);
  if (!indexes) {
    indexes = new AreaIndexes();
    byCoverage.set(coverage, indexes);
  }
  return indexes.streets(near, typoZips, blocks);
}

class AreaIndexes {
  private readonly sections = new Map<string, SectionStreets>();
  private tick = 0;
  /** Bumped whenever a section index changes or is dropped: a view synced at this epoch is current. */
  private epoch = 0;
  /** Keyed by the shared, cached `near` list of an area; bounded by a plain reset. */
  private readonly views = new Map<readonly string[], View>();

  streets(near: readonly string[], typoZips: ReadonlySet<string>, blocks: readonly ZipBlock[]) {
    let view = this.views.get(near);
    if (!view) {
      if (this.views.size >= VIEWS_KEPT) this.views.clear();
      view = { searches: 0, ids: [], epoch: -1, plan: [], order: new Map() };
      this.views.set(near, view);
    }
    // Built on an area's second search, never for a one-off.
    if (++view.searches < 2) return undefined;
    if (!this.current(view, blocks) && !this.sync(view, typoZips, blocks)) return undefined;
    const parts: SectionPart[] = [];
    for (const { prefix, typoPlaces } of view.plan) {
      const section = this.sections.get(prefix)!;
      section.used = ++this.tick;
      parts.push({ section, typoBlocks: typoPlaces?.map((i) => blocks[i]) });
    }
    return new AreaStreets(parts, view.order);
  }

  /** Whether the view's section indexes already hold exactly these block instances. */
  private current(view: View, blocks: readonly ZipBlock[]): boolean {
    if (view.epoch !== this.epoch || view.ids.length !== blocks.length) return false;
    for (let i = 0; i < blocks.length; i++) if (view.ids[i] !== blocks[i].id) return false;
    return true;
  }

  /** Puts these blocks into their section indexes (a block read again after eviction replaces its part). */
  private sync(view: View, typoZips: ReadonlySet<string>, blocks: readonly ZipBlock[]): boolean {
    const prefixes = [...new Set(blocks.map((b) => sectionOf(b.zip)))];
    if (prefixes.length > MAX_SECTIONS) return false;
    for (const prefix of prefixes) {
      let section = this.sections.get(prefix);
      if (!section) {
        if (this.sections.size >= SECTIONS_KEPT) this.dropLeastUsed(prefixes);
        section = new SectionStreets();
        this.sections.set(prefix, section);
        this.epoch++;
      }
      section.used = ++this.tick;
    }
    for (const block of blocks) if (this.sections.get(sectionOf(block.zip))!.put(block)) this.epoch++;
    while (this.pointsHeld() > SECTION_POINTS_KEPT && this.dropLeastUsed(prefixes));
    view.plan = prefixes.map((prefix) => {
      const typoPlaces: number[] = [];
      let names = 0;
      for (const [i, block] of blocks.entries())
        if (sectionOf(block.zip) === prefix && typoZips.has(block.zip)) {
          typoPlaces.push(i);
          names += block.byName.size;
        }
      return names < this.sections.get(prefix)!.names.size ? { prefix, typoPlaces } : { prefix };
    });
    view.ids = blocks.map((b) => b.id);
    view.order = new Map(blocks.map((b, i) => [b.zip, i]));
    view.epoch = this.epoch;
    return true;
  }

  /** Drops the least recently used section not in `keep`; false when there is none. */
  private dropLeastUsed(keep: readonly string[]): boolean {
    let oldest: SectionStreets | undefined;
    let oldestPrefix = '';
    for (const [prefix, section] of this.sections)
      if (!keep.includes(prefix) && (!oldest || section.used < oldest.used)) {
        oldest = section;
        oldestPrefix = prefix;
      }
    if (!oldest) return false;
    this.sections.delete(oldestPrefix);
    this.epoch++;
    return true;
  }

  private pointsHeld(): number {
    let points = 0;
    for (const section of this.sections.values()) points += section.points;
    return points;
  }
}
