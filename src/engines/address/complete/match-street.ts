import { editDistance, startEditDistance, typoBudget } from '../verify/edit-distance.js';
import { type ReferencePoint, unitKey } from '../verify/reference-point.js';
import type { StreetReading, StreetTail } from './partial-street.js';
import { partialOf } from './street-words.js';

/**
 * How far a point's street is from one reading of what was typed, as a cost (0 = exactly
 * as typed), or undefined when it does not fit. The weights order the kinds of match:
 * whole words before a word still being typed, before a slip of the keyboard.
 */
export const COST = {
  /** The typed name ends mid-word in the stored one ("NEWB" of NEWBURG). */
  midWord: 2,
  /** The typed name is whole words of a longer one ("VAN" of VAN NESS). */
  moreWords: 1,
  /** Each edit between the typed name and the stored one. */
  typo: 5,
  /** A direction the point has and the input left out ("2ND ST" for S 2ND ST). */
  missingDirection: 1,
  /** A half-typed word after the name (type, direction or designator). */
  openWord: 1,
  /** A different unit designator for the same unit id (UNIT 4 for APT 4). */
  otherDesignator: 1,
  /** A unit id typed in part. */
  unitPrefix: 1,
} as const;

export function streetCost(reading: StreetReading, point: ReferencePoint): number | undefined {
  const before = beforeCost(reading, point);
  if (before === undefined) return undefined;
  const name = nameCost(reading, point.street.name);
  if (name === undefined) return undefined;
  const tail = tailCost(reading.tail, point);
  return tail === undefined ? undefined : before + name + tail;
}

function beforeCost(reading: StreetReading, point: ReferencePoint): number | undefined {
  const s = point.street;
  if (!reading.before.length) return s.preDirection ? COST.missingDirection : 0;
  for (const b of reading.before) {
    const direction = s.preDirection && b.directions.includes(s.preDirection);
    const firstPreType = s.preType?.split(' ')[0];
    const preType = firstPreType && (firstPreType === b.word || firstPreType === b.preType);
    if (!direction && !preType) return undefined;
  }
  return 0;
}

/** Exact, a prefix (whole words or mid-word), or within the name's typo budget. */
export function nameCost(reading: StreetReading, stored: string): number | undefined {
  const typed = reading.name;
  if (stored === typed) return 0;
  if (reading.open && stored.startsWith(typed))
    return stored[typed.length] === ' ' ? COST.moreWords : COST.midWord;
  const edits = typoEdits(typed, stored, reading.open);
  if (edits === undefined) return undefined;
  if (!reading.open) return edits * COST.typo;
  return edits * COST.typo + (edits === 0 ? 0 : stored.length > typed.length ? COST.midWord : 0);
}

/**
 * Edits between a typed name and a stored one when within the typed name's budget, else
 * undefined. A name still being typed (`open`) is compared with the stored name's starts of
 * about the typed length.
 */
export function typoEdits(typed: string, stored: string, open: boolean): number | undefined {
  const budget = typoBudget(typed);
  if (!budget) return undefined;
  if (!open) {
    const d = editDistance(typed, stored, budget);
    return d <= budget ? d : undefined;
  }
  const d = startEditDistance(typed, stored, budget);
  return d <= budget ? d : undefined;
}

/** The words after the name against the point's type, post-direction and unit, in that order. */
export function tailCost(tail: StreetTail, point: ReferencePoint): number | undefined {
  const s = point.street;
  let cost = 0;
  if (tail.type) {
    if (!s.type || !tail.type.standards.includes(s.type)) return undefined;
    if (tail.type.typo) cost += COST.typo;
  }
  if (tail.postDirection && !(s.postDirection && tail.postDirection.includes(s.postDirection)))
    return undefined;
  const hasUnit = !!(point.unitId || point.unitDesignator);
  if (tail.designator) {
    if (!hasUnit) return undefined;
    if (tail.designator !== '#' && point.unitDesignator && tail.designator !== point.unitDesignator)
      cost += COST.otherDesignator;
  }
  if (tail.unitId) {
    const typed = unitKey(tail.unitId.text);
    const stored = unitKey(point.unitId);
    if (stored === typed) return cost;
    if (!tail.unitId.partial || !stored.startsWith(typed)) return undefined;
    cost += COST.unitPrefix;
  }
  if (tail.open !== undefined) {
    if (!openWordFits(tail, point, tail.open)) return undefined;
    cost += COST.openWord;
  }
  return cost;
}

/** A half-typed word must start the next thing the point has after what the tail already matched. */
function openWordFits(tail: StreetTail, point: ReferencePoint, word: string): boolean {
  const s = point.street;
  if (!tail.type && !tail.postDirection && !tail.designator && s.type && partialOf.type(s.type, word))
    return true;
  if (
    !tail.postDirection &&
    !tail.designator &&
    s.postDirection &&
    partialOf.direction(s.postDirection, word)
  )
    return true;
  if (tail.designator || !(point.unitId || point.unitDesignator)) return false;
  return point.unitDesignator ? partialOf.designator(point.unitDesignator, word) : word === '#';
}
