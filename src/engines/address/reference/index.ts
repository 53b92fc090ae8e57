/**
 * Reference data for the address engine: every index is built on first use from
 * bundled npm data, kept in memory, never fetched over the network.
 */
import { type Province, province } from '../tables/canada.js';
import { type UsState, usState } from '../tables/us-states.js';
import { type FsaRecord, fsaIndex } from './canada-fsa.js';
import { type DistrictMatch, districtIndex } from './congressional-districts.js';
import { type CountryRecord, countryIndex, countryNameIn, nameKey } from './countries.js';
import { fsaCity } from './fsa-city.js';
import { matchesPostcodeFormat, type PostcodeFormat, postcodeFormats } from './postcode-formats.js';
import { usCityGazetteer, usZipIndex, type ZipRecord } from './us-zips.js';
import { townRegions, worldCities } from './world-cities.js';

export type { CountryRecord, DistrictMatch, FsaRecord, PostcodeFormat, Province, UsState, ZipRecord };

export type Region = { country: 'US'; state: UsState } | { country: 'CA'; province: Province };

export const reference = {
  /** A US ZIP ("40205" or "40205-1234") -> its record. */
  zip(zip: string): ZipRecord | undefined {
    return usZipIndex().byZip.get(String(zip).trim().slice(0, 5));
  },

  /** ZIPs whose preferred or acceptable city is `city` in `state` (code or name). */
  zipsForCity(city: string, state: string): ZipRecord[] {
    const st = usState(nameKey(state));
    if (!st) return [];
    return usZipIndex().byCity.get(`${st.code}|${nameKey(city)}`) ?? [];
  },

  /** States in which a city name is a known mailing city (the parser's gazetteer). */
  statesForCity(city: string): ReadonlySet<string> | undefined {
    return usCityGazetteer().get(nameKey(city));
  },

  /** A Canadian FSA ("K1A") or full postal code ("K1A 0B1") -> FSA record. */
  fsa(code: string): FsaRecord | undefined {
    return fsaIndex().get(String(code).trim().toUpperCase().slice(0, 3));
  },

  /** The town of a Canadian FSA or postal code (upper case), when the source's description names one. */
  fsaCity(code: string): string | undefined {
    const record = reference.fsa(code);
    return record ? fsaCity(record) : undefined;
  },

  /** Alpha-2, alpha-3 or a name in one of the indexed languages, any case. */
  country(key: string): CountryRecord | undefined {
    return countryIndex().byKey.get(nameKey(String(key)));
  },

  /** A country's (alpha-2) short name in a language of COUNTRY_NAME_LANGUAGES, else undefined. */
  countryNameIn(alpha2: string, language: string): string | undefined {
    return countryNameIn(alpha2, language);
  },

  /** The postal-code format of a country (alpha-2 or alpha-3). */
  postcodeFormat(country: string): PostcodeFormat | undefined {
    const record = reference.country(country);
    return record ? postcodeFormats().get(record.alpha2) : undefined;
  },

  /** Whether `code` is a well-formed postal code for `country`; undefined when the country has none on file. */
  isValidPostcode(country: string, code: string): boolean | undefined {
    const format = reference.postcodeFormat(country);
    return format ? matchesPostcodeFormat(format, String(code).trim()) : undefined;
  },

  /** A US state/territory or Canadian province by code or name (English or French). */
  stateByNameOrCode(key: string, country?: 'US' | 'CA'): Region | undefined {
    const k = nameKey(String(key));
    if (country !== 'CA') {
      const state = usState(k);
      if (state) return { country: 'US', state };
    }
    if (country !== 'US') {
      const p = province(k);
      if (p) return { country: 'CA', province: p };
    }
    return undefined;
  },

  /**
   * Congressional district(s) of a ZIP, via its ZIP Code Tabulation Area. Empty for ZIPs
   * that are not ZCTAs (PO-box-only and unique ZIPs) - the data cannot tell, so we do not guess.
   */
  congressionalDistricts(zip: string): DistrictMatch[] {
    return districtIndex().get(String(zip).trim().slice(0, 5)) ?? [];
  },

  /**
   * Regions where a town of this name exists (GeoNames places of 1,000+ people): alpha-2
   * codes, plus `US-ST` for US towns - e.g. ['US', 'US-GA', 'US-MD'] for "College Park".
   * Covers towns that are not any ZIP's preferred city.
   */
  townRegions(name: string): string[] {
    return townRegions(String(name)) ?? [];
  },

  /** Builds every index now (servers call this at start so the first request is not slow). */
  warm(): void {
    usZipIndex();
    fsaIndex();
    countryIndex();
    postcodeFormats();
    districtIndex();
    worldCities();
  },
};
