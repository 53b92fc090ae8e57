/**
 * A street's type and directionals, read with the street types of the country's languages
 * (tables/intl-street-types.ts): "Rue de Rivoli" -> type RUE before the name, "Baker Street"
 * -> STREET after it, "Hauptstraße" -> STRASSE joined to it, "Rue Sainte-Catherine Ouest" ->
 * post-direction OUEST, "N Main St" -> pre-direction N. A word is only a type or a
 * directional where the street keeps a name beside it ("North Road" is a name and a type;
 * "Avenue E" a type and a name).
 */

import {
  DIRECTIONAL_WORDS,
  foldWord,
  placesLanguages,
  STREET_TYPES,
  type StreetLanguage,
  streetLanguages,
} from '../tables/intl-street-types.js';
import type { StreetForm } from '../verify/reference-point.js';

export interface StreetParts {
  /** The type as written ("STR.", "RUE"), or its full form where it ends a compound ("STRASSE"). */
  type?: string;
  preDirection?: string;
  postDirection?: string;
}

/** Language -> the types that end compound names, longest first. */
const JOINED = new Map<StreetLanguage, string[]>(
  [...STREET_TYPES].map(([language, words]) => [
    language,
    [...new Set([...words].filter(([w, t]) => t.joined && w.length >= 3).map(([w]) => w))].sort(
      (a, b) => b.length - a.length,
    ),
  ]),
);

function directional(languages: readonly StreetLanguage[], word: string): boolean {
  const folded = foldWord(word);
  return languages.some((l) => DIRECTIONAL_WORDS.get(l)?.has(folded));
}

function typeWord(languages: readonly StreetLanguage[], word: string, place: 'before' | 'after'): boolean {
  const folded = foldWord(word);
  return languages.some((l) => STREET_TYPES.get(l)?.get(folded)?.place === place);
}

/** The type a compound word ends with ("HAUPTSTRASSE" -> "STRASSE"), with a stem of 3+ letters. */
function joinedType(languages: readonly StreetLanguage[], word: string): string | undefined {
  const folded = foldWord(word);
  for (const l of languages)
    for (const suffix of JOINED.get(l) ?? [])
      if (folded.length >= suffix.length + 3 && folded.endsWith(suffix))
        return STREET_TYPES.get(l)?.get(suffix)?.full;
  return undefined;
}

const read = new Map<string, StreetParts>();

/** The type and directionals of a street written as one name, in `country`'s languages. */
export function streetPartsOf(country: string, street: string | undefined): StreetParts {
  if (!street) return {};
  // Streets repeat from address to address: each reading is remembered, bounded.
  const key = `${country}|${street}`;
  let parts = read.get(key);
  if (!parts) {
    parts = readParts(country, street);
    if (read.size >= 50_000) read.clear();
    read.set(key, parts);
  }
  return parts;
}

function readParts(country: string, street: string): StreetParts {
  const languages = streetLanguages(country);
  const words = street.trim().split(/\s+/);
  const out: StreetParts = {};
  // A directional needs two more words beside it: "N Main St", "Main Street North", not "North Road".
  if (words.length >= 3 && directional(languages, words[0])) out.preDirection = words.shift();
  if (words.length >= 3 && directional(languages, words.at(-1)!)) out.postDirection = words.pop();
  // A numbered street ends with its number after the type ("Ang Mo Kio Ave 3").
  const numbered = words.length >= 3 && /^\d+[A-Z]?$/i.test(words.at(-1)!) ? words.at(-2)! : undefined;
  if (words.length >= 2 && typeWord(languages, words[0], 'before')) out.type = words[0];
  else if (words.length >= 2 && typeWord(languages, words.at(-1)!, 'after')) out.type = words.at(-1);
  else if (numbered && typeWord(languages, numbered, 'after')) out.type = numbered;
  else if (placesLanguages(country)) {
    const joined = joinedType(languages, words.at(-1)!);
    if (joined) out.type = joined;
  }
  return out;
}

/** A point's street as its source split it (US and Canadian points), else read as one name. */
export function pointStreetParts(country: string, street: StreetForm): StreetParts {
  if (!street.type && !street.preType && !street.preDirection && !street.postDirection)
    return streetPartsOf(country, street.name);
  const type = street.preType ?? street.type;
  return {
    ...(type ? { type } : {}),
    ...(street.preDirection ? { preDirection: street.preDirection } : {}),
    ...(street.postDirection ? { postDirection: street.postDirection } : {}),
  };
}

/** Whether the text reads as a street: it has a type of the country's languages. */
export const looksLikeStreet = (country: string, text: string) => !!streetPartsOf(country, text).type;
