import { USPS_SUFFIXES } from '../tables/usps-street-suffixes.js';
import { editDistance } from './edit-distance.js';
import type { StreetForm } from './reference-point.js';

const DIRECTIONS: Record<string, string> = { NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W' };
const SUFFIX_WORDS = [...new Set([...USPS_SUFFIXES.values()].map((s) => s.full))].filter(
  (w) => w.length >= 5,
);

function closest(word: string, options: Iterable<string>): string | undefined {
  if (word.length < 4) return undefined;
  for (const option of options) if (editDistance(word, option, 1) === 1) return option;
  return undefined;
}

/**
 * Readings of a street whose directional or type was mistyped and so was read as part of
 * the name ("SUOTH 39TH ST", "19TH STREEET"): each counts as one typo.
 */
export function typoVariants(input: StreetForm): StreetForm[] {
  const words = input.name.split(' ');
  if (words.length < 2) return [];
  const out: StreetForm[] = [];
  const direction = !input.preDirection ? closest(words[0], Object.keys(DIRECTIONS)) : undefined;
  if (direction) out.push({ ...input, preDirection: DIRECTIONS[direction], name: words.slice(1).join(' ') });
  const last = words[words.length - 1];
  const suffix = !input.type ? closest(last, SUFFIX_WORDS) : undefined;
  const entry = suffix ? USPS_SUFFIXES.get(suffix) : undefined;
  if (entry) out.push({ ...input, type: entry.abbr, name: words.slice(0, -1).join(' ') });
  return out;
}
