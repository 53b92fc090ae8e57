import { reference } from '../index.js';
import type { Area } from './area.js';
import type { StreetCandidate } from './match-street.js';
import type { ReadAddress } from './read-address.js';

const joined = (name: string, type: string | undefined) => `${name}${type ?? ''}`.replace(/\s+/g, '');

/** The mailing towns a ZIP answers to, upper case. */
function towns(zip: string): string[] {
  const record = reference.zip(zip);
  return record ? [record.city, ...(record.acceptableCities ?? [])].map((c) => c.toUpperCase()) : [];
}

/**
 * Whether taking `candidate` would change both the street's type and the ZIP to one in
 * another town (in New York City, another borough or neighbourhood). Each change alone is a
 * common slip; both at once mean "52 ST, Flushing" became "52 DR, Maspeth": another
 * address, which a correction must not claim. (A city the input
 * names does not excuse it: "New York" is written for every borough.)
 */
export function changesTypeAndTown(read: ReadAddress, area: Area, candidate: StreetCandidate): boolean {
  const given = read.street;
  const ref = candidate.street.form;
  if (!given?.type || !ref.type || given.type === ref.type) return false;
  if (joined(given.name, given.type) === joined(ref.name, ref.type)) return false;
  if (!area.zip || candidate.zip === area.zip || !area.zipRecord) return false;
  const now = towns(candidate.zip);
  if (!now.length) return false;
  const before = towns(area.zip);
  return !now.some((town) => before.includes(town));
}
