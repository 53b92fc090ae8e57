import { typoBudget } from '../verify/edit-distance.js';
import type { FallbackPlan } from './complete.js';
import { typoEdits } from './match-street.js';
import type { KeyRange } from './search-plan.js';

/** A distinct street name of the store, how many points (and ranges) carry it, and whether ranges do. */
export interface StreetNameRow {
  name: string;
  points: number;
  ranged?: boolean;
}

const WORD_CHAR = /^[\p{L}\p{N}]/u;
/** Names read in key order for a prefix before the busiest are picked: a short prefix stays cheap. */
const PREFIX_SCAN = 200;
/** Typo searches remembered: a user's next keystroke comes well before 128 other users' typos. */
const RECENT_TERMS = 128;
/** A build's work between two pauses. */
const BUILD_SLICE_MS = 10;
/** Streets the fallback reads per prefix and per typo term. */
const NAMES_EACH = 6;
/** Names looked at for one carried by ranges before a prefix is taken to have one. */
const RANGED_SCAN = 2000;

/**
 * Trigrams as pg_trgm makes them: each run of letters and digits padded with two spaces in
 * front and one behind, every three consecutive characters, each once.
 */
export function trigrams(text: string): string[] {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return [...grams];
}

/**
 * The store's distinct street names in memory, for the fallback's two questions: the
 * busiest names starting as typed, and the names a few typos from what was typed. Held here
 * because the typo search in PostgreSQL (pg_trgm on a GIN index) costs several times a whole
 * keystroke's CPU; here it is a count over the postings of the typed word's few trigrams.
 *
 * Names are kept sorted (code-unit order, which is byte order for the names a store holds), so
 * a prefix, or every name with one first letter, is a contiguous run of ids.
 */
export class StreetNameIndex {
  /**
   * The last few searches (least recently used first): once a name is mistyped, every later
   * keystroke of that address asks for the same term again.
   */
  private readonly recent = new Map<string, readonly string[]>();
  /** Scratch for one search: shared trigrams per name id, reset after each search. */
  private readonly shared: Uint16Array;

  private constructor(
    private readonly names: string[],
    private readonly points: Float64Array,
    /** Trigram -> ids of the names holding it, ascending. */
    private readonly postings: Map<string, Int32Array>,
    /** 1 for a name street ranges carry. */
    private readonly ranged: Uint8Array,
  ) {
    this.shared = new Uint16Array(names.length);
  }

  /** The index of these names, built at once. */
  static of(rows: StreetNameRow[]): StreetNameIndex {
    const steps = StreetNameIndex.building(rows);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same, built a slice of names at a time with `pause` awaited between slices: a server
   * builds it while answering requests (131,905 names take ~0.4 s of CPU).
   */
  static async build(rows: StreetNameRow[], pause: () => Promise<void>): Promise<StreetNameIndex> {
    const steps = StreetNameIndex.building(rows);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await pause();
    }
  }

  private static *building(rows: StreetNameRow[]): Generator<void, StreetNameIndex> {
    const names: string[] = new Array(rows.length);
    const points = new Float64Array(rows.length);
    const ranged = new Uint8Array(rows.length);
    const lists = new Map<string, number[]>();
    let sliceEnd = performance.now() + BUILD_SLICE_MS;
    for (let id = 0; id < rows.length; id++) {
      const { name } = rows[id];
      // Stores hand the names over sorted; anything else is sorted first.
      if (id > 0 && !(names[id - 1] < name))
        return yield* StreetNameIndex.building(
          [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        );
      names[id] = name;
      points[id] = rows[id].points;
      if (rows[id].ranged) ranged[id] = 1;
      for (const g of trigrams(name)) {
        const list = lists.get(g);
        if (list) list.push(id);
        else lists.set(g, [id]);
      }
      if (id % 128 === 127 && performance.now() > sliceEnd) {
        yield;
        sliceEnd = performance.now() + BUILD_SLICE_MS;
      }
    }
    const postings = new Map<string, Int32Array>();
    for (const [g, ids] of lists) {
      postings.set(g, Int32Array.from(ids));
      if (performance.now() > sliceEnd) {
        yield;
        sliceEnd = performance.now() + BUILD_SLICE_MS;
      }
    }
    return new StreetNameIndex(names, points, postings, ranged);
  }

  get size(): number {
    return this.names.length;
  }

  /** Whether some name falls in the range. */
  has(range: KeyRange): boolean {
    const first = this.firstAtOrAfter(range.from);
    return first < this.names.length && this.names[first] < range.to;
  }

  /**
   * Whether street ranges may carry a name in the range: looked for among the first RANGED_SCAN
   * names of it, past them taken as yes (a read that finds nothing costs less than the scan).
   */
  hasRanged(range: KeyRange): boolean {
    const from = this.firstAtOrAfter(range.from);
    for (let id = from; id < this.names.length && this.names[id] < range.to; id++) {
      if (this.ranged[id]) return true;
      if (id - from >= RANGED_SCAN) return true;
    }
    return false;
  }

  /** The busiest few of the first names (in key order) within the range. */
  busiestIn(range: KeyRange, take = NAMES_EACH): string[] {
    const from = this.firstAtOrAfter(range.from);
    const to = Math.min(this.firstAtOrAfter(range.to), from + PREFIX_SCAN);
    const ids = Array.from({ length: to - from }, (_, i) => from + i);
    ids.sort((a, b) => this.points[b] - this.points[a] || a - b);
    return ids.slice(0, take).map((id) => this.names[id]);
  }

  /**
   * Names within the typo budget of `typed` (edits, as the ranking counts them, to the name or
   * to its start when the name is still being typed), the fewest edits first, then those
   * sharing the most trigrams, then the busiest. The first letter is taken as typed: a slip
   * there is the rarest kind, and it keeps the search to one letter's names.
   *
   * Only names sharing enough trigrams are compared: each edit (a transposition too) changes
   * at most 4 of the typed word's trigrams, and a name still being typed lacks its last one,
   * so a match shares at least `grams - 1 - 4 × budget`; and always one besides the first
   * letter's, which every name compared has.
   */
  nearest(typed: string, take = NAMES_EACH): readonly string[] {
    const key = `${take} ${typed}`;
    const known = this.recent.get(key);
    if (known) {
      this.recent.delete(key);
      this.recent.set(key, known);
      return known;
    }
    const found = Object.freeze(this.search(typed, take));
    if (this.recent.size >= RECENT_TERMS) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(key, found);
    return found;
  }

  private search(typed: string, take: number): string[] {
    const budget = typoBudget(typed);
    if (!budget) return [];
    const first = typed[0];
    const lo = this.firstAtOrAfter(first);
    const hi = this.firstAtOrAfter(String.fromCharCode(first.charCodeAt(0) + 1));
    const grams = trigrams(typed);
    // Every name of the letter holds the typed word's first trigram ("  x"): counted for all, never read.
    const lead = WORD_CHAR.test(first) ? grams[0] : undefined;
    const touched: number[] = [];
    for (const g of grams) {
      const ids = g === lead ? undefined : this.postings.get(g);
      if (!ids) continue;
      for (let i = lowerBound(ids, lo); i < ids.length && ids[i] < hi; i++) {
        if (this.shared[ids[i]]++ === 0) touched.push(ids[i]);
      }
    }
    const least = Math.max(2, grams.length - 1 - 4 * budget);
    const found: Array<{ id: number; edits: number; shared: number }> = [];
    for (const id of touched) {
      const shared = this.shared[id] + (lead ? 1 : 0);
      this.shared[id] = 0;
      if (shared < least) continue;
      const edits = typoEdits(typed, this.names[id], true);
      if (edits !== undefined) found.push({ id, edits, shared });
    }
    found.sort(
      (a, b) =>
        a.edits - b.edits || b.shared - a.shared || this.points[b.id] - this.points[a.id] || a.id - b.id,
    );
    return found.slice(0, take).map((f) => this.names[f.id]);
  }

  private firstAtOrAfter(key: string): number {
    let lo = 0;
    let hi = this.names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.names[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function lowerBound(ids: Int32Array, value: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The streets a fallback reads: the busiest starting as typed, then those near each typo term. */
export function fallbackStreets(index: StreetNameIndex, plan: FallbackPlan): string[] {
  return [
    ...new Set([
      ...plan.names.flatMap((r) => index.busiestIn(r)),
      ...plan.typos.flatMap((t) => index.nearest(t)),
    ]),
  ];
}
