/**
 * ZCTA -> congressional district(s), from the compact table in data/ (built by
 * scripts/build-zcta-districts.ts from the public-domain us-zipcodes-congress list).
 * A ZCTA can straddle districts and even states, so every match is returned.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lazy } from '../../../platform/lazy.js';

export interface DistrictMatch {
  state: string;
  /** District number without padding ("3"); "0" for an at-large seat. */
  district: string;
  atLarge: boolean;
}

const CANDIDATES = [
  './data/zcta-districts.txt',
  // Compiled to dist/ (rootDir src, or rootDir .): the data file stays with the sources.
  '../../../../src/engines/address/reference/data/zcta-districts.txt',
  '../../../../../src/engines/address/reference/data/zcta-districts.txt',
];

function readTable(): string {
  for (const rel of CANDIDATES) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return '';
}

export const districtIndex = lazy((): Map<string, DistrictMatch[]> => {
  const index = new Map<string, DistrictMatch[]>();
  for (const line of readTable().split('\n')) {
    const bar = line.indexOf('|');
    if (bar < 0) continue;
    const state = line.slice(0, bar);
    let zcta = 0;
    for (const cell of line.slice(bar + 1).split(',')) {
      const [key, districts] = cell.split(':');
      zcta = key.startsWith('+') ? zcta + Number(key.slice(1)) : Number(key);
      const zip = String(zcta).padStart(5, '0');
      const list = index.get(zip) ?? [];
      for (const district of districts.split('/')) list.push({ state, district, atLarge: district === '0' });
      index.set(zip, list);
    }
  }
  return index;
});
