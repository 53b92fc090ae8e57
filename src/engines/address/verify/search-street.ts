import type { Area } from './area.js';
import { areaStreets } from './area-indexes.js';
import type { CandidateSource } from './candidate-source.js';
import {
  findSameStreets,
  findTypoStreets,
  type StreetCandidate,
  streetKeys,
  type TypoQuery,
  typoQuery,
} from './match-street.js';
import { ordinalVariants } from './ordinal-variants.js';
import { numberKey, type StreetForm, streetKey } from './reference-point.js';
import { partsMismatch } from './street-corrections.js';
import { keepIdentifiers } from './street-identifiers.js';
import { hasNumber, type ZipBlock } from './zip-block.js';

export interface StreetSearch {
  /** Candidates of the best rank; more than one distinct street means the input is ambiguous. */
  best: StreetCandidate[];
  /** Whether the best candidates carry the house number. */
  hasNumber: boolean;
  /** Blocks seen, for suggestions. */
  blocks: ZipBlock[];
}

const KIND_RANK = { exact: 0, name: 1, typo: 2 } as const;

/** Searches the area's covered ZIPs for the street, preferring ones that have the house number. */
export async function searchStreet(
  source: CandidateSource,
  area: Area,
  street: StreetForm,
  number: string,
  givenZip?: string,
): Promise<StreetSearch> {
  const key = numberKey(number);
  // Fast path: the street and number exactly as written in the given ZIP.
  const ownBlock = area.zip === givenZip && givenZip ? source.block(givenZip) : undefined;
  const own = ownBlock instanceof Promise ? await ownBlock : ownBlock;
  const exact = own?.streets.get(streetKey(street));
  if (own && exact && hasNumber(exact, key))
    return {
      best: [{ zip: own.zip, street: exact, kind: 'exact', distance: 0 }],
      hasNumber: true,
      blocks: [own],
    };
  const blocks: ZipBlock[] = [];
  for (const zip of area.near) {
    const pending = source.block(zip);
    // A cached block is used as is: awaiting a plain value still costs a microtask turn.
    const block = pending instanceof Promise ? await pending : pending;
    if (block) blocks.push(block);
  }
  // (The given ZIP cannot hold the street and number exactly as written here: the fast path
  // above would have answered. So every ZIP is searched.)
  const index = areaStreets(area.coverage, area.near, area.typoZips, blocks);
  const find = (form: StreetForm) => {
    const keys = streetKeys(form);
    return index ? index.find(keys) : blocks.flatMap((block) => findSameStreets(block, keys));
  };
  let found = find(street);
  // "10TH AVE" against a source's "10 AVE" (and the reverse) is the same street, not a typo.
  for (const other of found.length ? [] : ordinalVariants(street)) {
    found = find(other);
    if (found.length) break;
  }
  // Typos are looked for only when the street as written exists nowhere near: a known street
  // without the number is a wrong number, not a cue to try similar names.
  if (!found.length && index) found.push(...index.findTypos(typoQuery(street), area.typoZips));
  else if (!found.length) {
    let query: TypoQuery | undefined;
    for (const block of blocks)
      if (area.typoZips.has(block.zip)) {
        query ??= typoQuery(street);
        found.push(...findTypoStreets(block, query));
      }
  }
  if (found.length && found[0].kind === 'typo') found = keepIdentifiers(street, found);
  // A range holding the number counts as having it, on a street without points (zip-block.ts).
  const withNumber = found.filter((c) => hasNumber(c.street, key));
  const pool = withNumber.length ? withNumber : found;
  return { best: bestRanked(pool, street, area, givenZip), hasNumber: withNumber.length > 0, blocks };
}

/** The candidates of the best rank (the kind, typo distance, parts that differ, given ZIP, ZIP order). */
function bestRanked(
  pool: StreetCandidate[],
  street: StreetForm,
  area: Area,
  givenZip: string | undefined,
): StreetCandidate[] {
  if (pool.length <= 1) return pool; // the common case: nothing to rank
  const order = new Map(area.near.map((z, i) => [z, i]));
  const mismatch = new Map(pool.map((c) => [c, partsMismatch(street, c.street.form)]));
  pool.sort(
    (a, b) =>
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      a.distance - b.distance ||
      mismatch.get(a)! - mismatch.get(b)! ||
      Number(b.zip === givenZip) - Number(a.zip === givenZip) ||
      (order.get(a.zip) ?? 0) - (order.get(b.zip) ?? 0),
  );
  const top = pool[0];
  return pool.filter(
    (c) =>
      c.kind === top.kind &&
      c.distance === top.distance &&
      mismatch.get(c) === mismatch.get(top) &&
      (c.zip === givenZip) === (top.zip === givenZip),
  );
}

/** Distinct streets among candidates (the same street in two ZIPs counts twice: the ZIP is unknown). */
export function distinctCandidates(candidates: StreetCandidate[]): StreetCandidate[] {
  const seen = new Map<string, StreetCandidate>();
  for (const c of candidates) seen.set(`${c.zip}|${c.street.key}`, c);
  return [...seen.values()];
}
