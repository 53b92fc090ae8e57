import type { Findings } from './findings.js';
import type { StreetMatchKind } from './match-street.js';
import type { ReadAddress } from './read-address.js';
import type { StreetForm } from './reference-point.js';

const joined = (s: StreetForm) => `${s.name}${s.type ?? ''}`.replace(/\s+/g, '');

/** How many of type and directional differ: ranks streets of the same name. */
export function partsMismatch(given: StreetForm, ref: StreetForm): number {
  const dir = (s: StreetForm) => s.preDirection ?? s.postDirection;
  return Number(given.type !== ref.type && joined(given) !== joined(ref)) + Number(dir(given) !== dir(ref));
}

/**
 * What changed between the street as written and the reference street it matched: a typo
 * in the name, a missing/wrong/expanded street type or directional. Case and periods are
 * not changes; "AVENUE" for "AVE" is (issue A2 counts an expanded suffix as a correction).
 */
export function streetCorrections(
  read: ReadAddress,
  ref: StreetForm,
  kind: StreetMatchKind,
  findings: Findings,
) {
  const given = read.street!;
  if (kind === 'typo') findings.correction('line1', 'Typo in Value', 'Street name');
  if (given.type === ref.type || joined(given) !== joined(ref))
    compare(given.type, ref.type, read.written.type, 'Street type', findings);
  const givenDir = given.preDirection ?? given.postDirection;
  const refDir = ref.preDirection ?? ref.postDirection;
  const writtenDir = read.written.preDirection ?? read.written.postDirection;
  compare(givenDir, refDir, writtenDir, 'Street direction', findings);
}

function compare(
  given: string | undefined,
  ref: string | undefined,
  written: string | undefined,
  part: string,
  findings: Findings,
) {
  if (!given && ref) findings.correction('line1', 'Missing Value', part);
  else if (given !== ref) findings.correction('line1', 'Incorrect Value', part);
  else if (written && ref && written.length > ref.length) findings.correction('line1', 'Verbosity', part);
}
