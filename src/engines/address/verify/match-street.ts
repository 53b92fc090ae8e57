import { editDistance, typoBudget } from './edit-distance.js';
import { type StreetForm, streetKey } from './reference-point.js';
import { typoVariants } from './typo-variants.js';
import { type BlockStreet, bitCount, letterMask, type ZipBlock } from './zip-block.js';

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
export function findSameStreets(block: ZipBlock, keys: StreetKeys): StreetCandidate[] {
  const exact = block.streets.get(keys.key);
  if (exact) return [{ zip: block.zip, street: exact, kind: 'exact', distance: 0 }];
  const sameName = block.byName.get(keys.name) ?? block.byJoinedName.get(keys.joined);
  return (sameName ?? []).map((street) => ({ zip: block.zip, street, kind: 'name', distance: 0 }));
}

/** Streets of one ZIP whose name is a slip away: a mistyped directional or type, then letters. */
export function findTypoStreets(block: ZipBlock, input: StreetForm): StreetCandidate[] {
  for (const variant of typoVariants(input)) {
    const hits = findSameStreets(block, streetKeys(variant));
    if (hits.length) return hits.map((c) => ({ ...c, kind: 'typo', distance: 1 }));
  }
  const name = compact(input.name);
  const budget = typoBudget(name);
  if (!budget) return [];
  const found: StreetCandidate[] = [];
  const mask = letterMask(name);
  // Only names within the budget in length can be within it in edits.
  for (let length = name.length - budget; length <= name.length + budget; length++) {
    for (const { name: candidate, mask: other, streets } of block.namesOfLength(length)) {
      if (bitCount(mask ^ other) > 2 * budget) continue;
      const distance = editDistance(name, candidate, budget);
      if (distance <= budget)
        for (const street of streets) found.push({ zip: block.zip, street, kind: 'typo', distance });
    }
  }
  return found;
}
