import { unitDesignator } from '../tables/usps-unit-designators.js';
import { cleanText } from './clean-text.js';

export interface UnitForm {
  designator?: string;
  id?: string;
}

/**
 * A unit string from a reference file or a line2 ("APT 5", "Suite 200", "#4", "0 C", "5")
 * -> designator (USPS abbreviation) and id. A bare id has no designator: sources often
 * store only the number.
 */
export function readUnit(text: string | undefined): UnitForm | undefined {
  const clean = cleanText(text);
  if (!clean) return undefined;
  const hash = /^#\s*(.+)$/.exec(clean);
  if (hash) return { designator: '#', id: hash[1].replace(/\s+/g, '') };
  const [first, ...rest] = clean.split(' ');
  const designator = unitDesignator(first);
  if (designator && rest.length) return { designator: designator.abbr, id: rest.join('').replace(/^#/, '') };
  if (designator && !designator.requiresId) return { designator: designator.abbr };
  return { id: clean.replace(/\s+/g, '') };
}
