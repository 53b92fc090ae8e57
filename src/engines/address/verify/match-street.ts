import { editDistance, typoBudget } from './edit-distance.js';
import { type LetterMasks, letterMasks, maskDistance } from './letter-masks.js';
import { type StreetForm, streetKey } from './reference-point.js';
import { typoVariants } from './typo-variants.js';
import type { BlockStreet, ZipBlock } from './zip-block.js';

/** How a reference street was found: as written, by name with other parts differing, or by a typo. */
export type StreetMatchKind = 'exact' | 'name' | 'typo';

export interface StreetCandidate {
  zip: string;
  street: BlockStreet;
  kind: StreetMatchKind;
  distance: number;
}

const compact = (s: string) => s.replace(/\s+/g, '');

/** The lookup keys of an input street, computed once per search rather than once per ZIP. */
export interface StreetKeys {
  key: string;
  name: string;
  joined: string;
}

export function streetKeys(input: StreetForm): StreetKeys {
  return {
    key: streetKey(input),
    name: compact(input.name),
    joined: compact(`${input.name}${input.type ?? ''}`),
  };
}

/** Streets of one ZIP that are the input street written the same or with other type/directional. */
export function findSameStreets(block: ZipBlock, keys: StreetKeys): readonly StreetCandidate[] {
  const exact = block.streets.get(keys.key);
  if (exact) return [{ zip: block.zip, street: exact, kind: 'exact', distance: 0 }];
  const sameName = block.byName.get(keys.name) ?? block.byJoinedName.get(keys.joined);
  // Most ZIPs searched do not have the street: answer them without allocating.
  if (!sameName) return NONE;
  return sameName.map((street) => ({ zip: block.zip, street, kind: 'name', distance: 0 }));
}

const NONE: readonly StreetCandidate[] = Object.freeze([]);

/** What the typo search needs of an input street, computed once per search rather than once per ZIP. */
export interface TypoQuery {
  /** Keys of the readings with a mistyped directional or type read into the name. */
  variants: StreetKeys[];
  /** Compact name, its typo budget and letter masks. */
  name: string;
  budget: number;
  masks: LetterMasks;
}

export function typoQuery(input: StreetForm): TypoQuery {
  const name = compact(input.name);
  return {
    variants: typoVariants(input).map(streetKeys),
    name,
    budget: typoBudget(name),
    masks: letterMasks(name),
  };
}

/** Streets of one ZIP whose name is a slip away: a mistyped directional or type, then letters. */
export function findTypoStreets(block: ZipBlock, query: TypoQuery): StreetCandidate[] {
  for (const keys of query.variants) {
    const hits = findSameStreets(block, keys);
    if (hits.length) return hits.map((c) => ({ ...c, kind: 'typo', distance: 1 }));
  }
  const { name, budget } = query;
  if (!budget) return [];
  const found: StreetCandidate[] = [];
  // Only names within the budget in length can be within it in edits.
  for (let length = name.length - budget; length <= name.length + budget; length++) {
    const { masks, entries } = block.namesOfLength(length);
    for (let i = 0; i < entries.length; i++) {
      if (maskDistance(masks, i, query.masks) > 2 * budget) continue;
      const distance = editDistance(name, entries[i].name, budget);
      if (distance <= budget)
        for (const street of entries[i].streets)
          found.push({ zip: block.zip, street, kind: 'typo', distance });
    }
  }
  return found;
}
