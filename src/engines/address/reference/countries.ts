import { lazy } from '../../../platform/lazy.js';
import { requireData } from './load-package.js';

export interface CountryRecord {
  alpha2: string;
  alpha3: string;
  /** English short name ("United States of America"). */
  name: string;
}

interface IsoCountries {
  registerLocale(data: unknown): void;
  getNames(lang: string, opts?: { select: 'all' }): Record<string, string[] | string>;
  getAlpha2Codes(): Record<string, string>;
  alpha2ToAlpha3(a2: string): string | undefined;
  alpha3ToAlpha2(a3: string): string | undefined;
  getName(a2: string, lang: string): string | undefined;
}

/** Languages whose country names people write in addresses we expect to see. */
export const COUNTRY_NAME_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'no',
  'da',
  'fi',
  'cs',
  'ro',
] as const;

/** Everyday English names the package lists only as official ones, or not at all. */
const EXTRA_ENGLISH: Record<string, string> = {
  USA: 'US',
  'U S A': 'US',
  'U S': 'US',
  AMERICA: 'US',
  'UNITED STATES': 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'U K': 'GB',
  'GREAT BRITAIN': 'GB',
  BRITAIN: 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  'NORTHERN IRELAND': 'GB',
  HOLLAND: 'NL',
  'THE NETHERLANDS': 'NL',
  'SOUTH KOREA': 'KR',
  'REPUBLIC OF KOREA': 'KR',
  KOREA: 'KR',
  RUSSIA: 'RU',
  CZECHIA: 'CZ',
  'CZECH REPUBLIC': 'CZ',
  'NEW ZEALAND': 'NZ',
};

/** Native names people write (after a comma, or anywhere when not in NEEDS_COMMA). */
const EXTRA_NATIVE: Record<string, string> = {
  DEUTSCHLAND: 'DE',
  ROSSIYA: 'RU',
  ESPAÑA: 'ES',
  ESPANA: 'ES',
  MÉXICO: 'MX',
  BRASIL: 'BR',
  ITALIA: 'IT',
  SCHWEIZ: 'CH',
  SUISSE: 'CH',
  ÖSTERREICH: 'AT',
  OSTERREICH: 'AT',
  NORGE: 'NO',
  SVERIGE: 'SE',
  DANMARK: 'DK',
  SUOMI: 'FI',
  POLSKA: 'PL',
  NEDERLAND: 'NL',
  BELGIQUE: 'BE',
  BELGIË: 'BE',
  BELGIE: 'BE',
  AOTEAROA: 'NZ',
};

const NEEDS_COMMA = new Set(['ESPAÑA', 'ESPANA', 'MÉXICO', 'BRASIL', 'ITALIA', 'SUISSE', 'BELGIQUE']);

/** Upper case, no periods, accents kept: the key form used by every name index. */
export function nameKey(s: string): string {
  return s
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/[\s,]+/g, ' ')
    .trim();
}

/**
 * A country's short name in a language ("de" or "de-CH": its first part), undefined for a
 * language the tables do not hold (COUNTRY_NAME_LANGUAGES).
 */
export function countryNameIn(alpha2: string, language: string): string | undefined {
  const lang = language.toLowerCase().split(/[-_]/)[0];
  if (!(COUNTRY_NAME_LANGUAGES as readonly string[]).includes(lang)) return undefined;
  countryIndex();
  return (requireData('i18n-iso-countries') as IsoCountries).getName(alpha2, lang);
}

export interface CountryIndex {
  byAlpha2: Map<string, CountryRecord>;
  /** Alpha-2, alpha-3 and names in several languages -> record. */
  byKey: Map<string, CountryRecord>;
  /** Names only (no codes): "DE" and "CA" are US states too, so the parser treats codes apart. */
  byName: Map<string, CountryRecord>;
  maxNameWords: number;
  /** English names and the curated extras: safe to match without a comma before them. */
  english: Set<string>;
  /** Last word of every name, so the parser can skip the look-up for most lines. */
  lastWords: Set<string>;
}

export const countryIndex = lazy((): CountryIndex => {
  const iso = requireData('i18n-iso-countries') as IsoCountries;
  for (const lang of COUNTRY_NAME_LANGUAGES)
    iso.registerLocale(requireData(`i18n-iso-countries/langs/${lang}.json`));
  const byAlpha2 = new Map<string, CountryRecord>();
  const byKey = new Map<string, CountryRecord>();
  const byName = new Map<string, CountryRecord>();
  const english = new Set<string>();
  const lastWords = new Set<string>();
  let maxNameWords = 1;
  for (const alpha2 of Object.keys(iso.getAlpha2Codes())) {
    const record = {
      alpha2,
      alpha3: iso.alpha2ToAlpha3(alpha2) ?? '',
      name: iso.getName(alpha2, 'en') ?? alpha2,
    };
    byAlpha2.set(alpha2, record);
    byKey.set(alpha2, record);
    if (record.alpha3) byKey.set(record.alpha3, record);
  }
  const addName = (name: string, record: CountryRecord) => {
    const key = nameKey(name);
    if (!byName.has(key)) byName.set(key, record);
    if (!byKey.has(key)) byKey.set(key, record);
    const words = key.split(' ');
    maxNameWords = Math.max(maxNameWords, words.length);
    lastWords.add(words[words.length - 1]);
  };
  for (const lang of COUNTRY_NAME_LANGUAGES) {
    for (const [alpha2, names] of Object.entries(iso.getNames(lang, { select: 'all' }))) {
      const record = byAlpha2.get(alpha2);
      if (!record) continue;
      for (const n of Array.isArray(names) ? names : [names]) {
        addName(n, record);
        if (lang === 'en') english.add(nameKey(n));
      }
    }
  }
  for (const [name, alpha2] of Object.entries(EXTRA_ENGLISH)) {
    addName(name, byAlpha2.get(alpha2)!);
    english.add(nameKey(name));
  }
  for (const [name, alpha2] of Object.entries(EXTRA_NATIVE)) {
    addName(name, byAlpha2.get(alpha2)!);
    // "Berlin Deutschland" needs no comma, but "Ciudad de México" and "Via Italia" end in
    // a country name that is not the country: those names still need a comma.
    if (!NEEDS_COMMA.has(name)) english.add(nameKey(name));
  }
  return { byAlpha2, byKey, byName, maxNameWords, english, lastWords };
});
