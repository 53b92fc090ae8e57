/**
 * Regions (states, provinces, prefectures) of every country, from the GeoNames
 * administrative areas that come with the gazetteer plus the codes and local names the posts
 * use (tables/). A region written in an address resolves to the GeoNames areas it names, so
 * a locality can be confirmed inside it.
 */
import { lazy } from '../../../platform/lazy.js';
import { PROVINCES } from '../tables/canada.js';
import { INTL_REGION_NAMES } from '../tables/intl-region-names.js';
import { INTL_REGIONS } from '../tables/intl-regions.js';
import { US_STATES } from '../tables/us-states.js';
import { adminNames, foldName } from './places.js';

export interface Region {
  country: string;
  /** Which GeoNames level it is: states and provinces are admin1; Italian and Spanish provinces admin2. */
  level: 'admin1' | 'admin2';
  /** GeoNames code within the country: "01", or "09.MI" for an admin2. */
  geonames: string;
  /** The postal code of the region where the post has one ("BY", "NSW", "MI"). */
  code?: string;
  /** Its name as addresses write it ("Bayern", "New South Wales"). */
  name: string;
}

/** Words that GeoNames puts around second-level names and addresses leave out. */
const ADMIN2_WRAPPING =
  /^(PROVINCIA DI |PROVINCIA DE |PROVINCE OF |CITTA METROPOLITANA DI |METROPOLITAN CITY OF |LIBERO CONSORZIO COMUNALE DI |DEPARTEMENT DE |DEPARTEMENT DU |DEPARTEMENT DES |DEPARTEMENT D )/;

const curated = (): Array<{ country: string; code: string; names: string[] }> => [
  ...INTL_REGION_NAMES,
  ...INTL_REGIONS.map((r) => ({ country: r.country, code: r.code, names: [r.name] })),
  ...PROVINCES.map((p) => ({ country: 'CA', code: p.code, names: [p.en, p.fr] })),
  ...US_STATES.map((s) => ({ country: 'US', code: s.code, names: [s.name] })),
];

/** Country -> folded code or name -> the regions it may mean. */
const regionIndex = lazy((): Map<string, Map<string, Region[]>> => {
  const index = new Map<string, Map<string, Region[]>>();
  const add = (key: string, region: Region) => {
    let keys = index.get(region.country);
    if (!keys) {
      keys = new Map();
      index.set(region.country, keys);
    }
    const list = keys.get(key);
    if (!list) keys.set(key, [region]);
    else {
      const same = list.findIndex((r) => r.geonames === region.geonames && r.level === region.level);
      // The entry with the post's code and local name wins over GeoNames' bare one.
      if (same < 0) list.push(region);
      else if (region.code && !list[same].code) list[same] = region;
    }
  };
  // GeoNames admin1 by folded name, to attach the curated codes to GeoNames areas.
  const admin1ByName = new Map<string, string>();
  for (const [full, name] of adminNames()) {
    const parts = full.split('.');
    const country = parts[0];
    if (parts.length === 2) {
      admin1ByName.set(`${country}|${foldName(name)}`, parts[1]);
      const region: Region = { country, level: 'admin1', geonames: parts[1], name };
      add(foldName(name), region);
      // Letter codes (GB "ENG", US "KY", Swiss cantons) are what addresses write.
      if (/^[A-Z]{2,3}$/.test(parts[1])) add(parts[1], { ...region, code: parts[1] });
    } else if (parts.length === 3) {
      const stripped = foldName(name).replace(ADMIN2_WRAPPING, '');
      const code = /^[A-Z]{2}$/.test(parts[2]) && country === 'IT' ? parts[2] : undefined;
      const region: Region = {
        country,
        level: 'admin2',
        geonames: `${parts[1]}.${parts[2]}`,
        name: titleOf(stripped),
        ...(code ? { code } : {}),
      };
      add(stripped, region);
      if (code) add(code, region);
    }
  }
  for (const row of curated()) {
    const geonames = row.names
      .map((n) => admin1ByName.get(`${row.country}|${foldName(n)}`))
      .find((g) => g !== undefined);
    if (!geonames) continue;
    const region: Region = {
      country: row.country,
      level: 'admin1',
      geonames,
      code: row.code,
      name: row.names[0],
    };
    add(foldName(row.code), region);
    for (const n of row.names) add(foldName(n), region);
  }
  return index;
});

function titleOf(folded: string): string {
  return folded
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** The regions of `country` that `text` (a code or a name) may mean; empty when none. */
export function regionsNamed(country: string, text: string): readonly Region[] {
  const keys = regionIndex().get(country);
  if (!keys) return [];
  const key = foldName(text);
  return keys.get(key) ?? keys.get(key.replace(/ (PREFECTURE|PROVINCE|STATE|REGION|KEN|TO|FU)$/, '')) ?? [];
}

/** The region an admin1 (and admin2) code of a place names, with the post's code when known. */
export function regionOfPlace(
  country: string,
  admin1: string,
  admin2: string,
  level: 'admin1' | 'admin2',
): Region | undefined {
  const geonames = level === 'admin2' ? `${admin1}.${admin2}` : admin1;
  const name = adminNames().get(`${country}.${geonames}`);
  if (!name) return undefined;
  // The curated entry (with the post's code and local name) when there is one.
  const known = regionsNamed(country, level === 'admin2' && country === 'IT' ? admin2 : name).find(
    (r) => r.geonames === geonames && r.level === level,
  );
  return known ?? { country, level, geonames, name };
}

/** Builds the index now (servers warm it at start). */
export function warmRegions(): void {
  regionIndex();
}
