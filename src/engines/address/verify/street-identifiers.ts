import type { StreetCandidate } from './match-street.js';
import type { StreetForm } from './reference-point.js';

/** The words of a name that tell its streets apart: a lone letter or anything with a digit ("J", "9", "1A"). */
function identifiers(name: string): string {
  return name
    .split(' ')
    .filter((w) => w.length === 1 || /\d/.test(w))
    .sort()
    .join(' ');
}

/**
 * Typo candidates that keep the input's identifying words. "BEACH J ST" one letter from
 * "BEACH K ST" is another street of a lettered series (AVENUE J, AVENUE K...), not a slip:
 * correcting it would confirm an address the input never named.
 */
export function keepIdentifiers(input: StreetForm, candidates: StreetCandidate[]): StreetCandidate[] {
  const own = identifiers(input.name);
  return candidates.filter((c) => c.kind !== 'typo' || identifiers(c.street.form.name) === own);
}
