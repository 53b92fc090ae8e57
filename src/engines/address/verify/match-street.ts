import { editDistance, typoBudget } from './edit-distance.js';
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

/** The streets of one ZIP that the input street could mean, best kind only. */
export function findStreets(block: ZipBlock, input: StreetForm, allowTypos: boolean): StreetCandidate[] {
  const exact = block.streets.get(streetKey(input));
  if (exact) return [{ zip: block.zip, street: exact, kind: 'exact', distance: 0 }];
  const name = compact(input.name);
  const sameName = block.byName.get(name) ?? sameWhenTypeJoined(block, input);
  if (sameName.length)
    return sameName.map((street) => ({ zip: block.zip, street, kind: 'name', distance: 0 }));
  if (!allowTypos) return [];
  for (const variant of typoVariants(input)) {
    const hits = findStreets(block, variant, false);
    if (hits.length) return hits.map((c) => ({ ...c, kind: 'typo', distance: 1 }));
  }
  const budget = typoBudget(name);
  if (!budget) return [];
  const found: StreetCandidate[] = [];
  for (const [candidate, streets] of block.byName) {
    const distance = editDistance(name, candidate, budget);
    if (distance <= budget)
      for (const street of streets) found.push({ zip: block.zip, street, kind: 'typo', distance });
  }
  return found;
}

// "COUNTRY ACRES" may be read as name+type on one side and a bare name on the other.
function sameWhenTypeJoined(block: ZipBlock, input: StreetForm): BlockStreet[] {
  const joined = compact(`${input.name}${input.type ?? ''}`);
  const out: BlockStreet[] = [];
  for (const street of block.streets.values()) {
    if (compact(`${street.form.name}${street.form.type ?? ''}`) === joined) out.push(street);
  }
  return out;
}
