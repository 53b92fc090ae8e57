/**
 * An international address as given (structured fields or one freeform line) -> its parts:
 * country, street line, locality, region and postal code. The freeform line is split at its
 * commas from the right: country, then the locality segment (with the postal code and, in
 * many countries, the region code in it: "Sydney NSW 2000", "20121 Milano MI"), then the
 * street side. The existing parser finds the country and the postal code.
 */
import { parseAddressDetail } from '../parse/parser.js';
import { type CountryRecord, reference } from '../reference/index.js';
import { buildingTypeOf, floorOf, isOrganization, isUnit } from './line-parts.js';
import { foldName } from './places.js';
import { checkPostcode } from './postcode.js';
import { regionsNamed } from './regions.js';
import { readStreetLine, type StreetLine } from './street-line.js';
import { looksLikeStreet } from './street-parts.js';
import { cityStateNamed, type TownForm, townFormOf } from './town-forms.js';

export interface IntlStructured {
  country?: string;
  line1: string;
  line2?: string;
  line3?: string;
  line4?: string;
  city?: string;
  provinceOrState?: string;
  postalOrZip?: string;
}

export type IntlInput = string | IntlStructured;

export interface ReadAddress {
  country?: CountryRecord;
  street: StreetLine;
  /** A district or neighbourhood between the street and the locality. */
  dependentLocality?: string;
  /** A locality inside the dependent one, named before it (Royal Mail's double dependent locality). */
  doubleDependentLocality?: string;
  city?: string;
  /** The town's form where a list of cities does not hold it (town-forms.ts): a city-state, a postal district... */
  town?: TownForm;
  region?: string;
  postcode?: string;
  /** The input as one string, for the match score. */
  text: string;
  freeform: boolean;
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim() || undefined;

/** The town as the answer writes it: the town form's where there is one (a city-state named or not), else as given. */
export const townOf = (read: ReadAddress): string | undefined => read.town?.city ?? read.city;

/** The names a point's town may carry for the town given (folded): as given, the form's, the gazetteer's. */
export function townNames(read: ReadAddress): string[] {
  return [read.city, read.town?.city, read.town?.gazetteer].filter((n): n is string => !!n).map(foldName);
}

/** Whether a freeform line names its country (a code or name the reader finds in it). */
export const freeformNamesCountry = (text: string): boolean => !!readFreeform(text).country;

export function readInput(input: IntlInput): ReadAddress {
  const read = typeof input === 'string' ? readFreeform(input) : readStructured(input);
  const country = read.country?.alpha2;
  const town = country ? townFormOf(country, read.city, read.postcode, read.region) : undefined;
  if (town) read.town = town;
  return read;
}

function readStructured(input: IntlStructured): ReadAddress {
  const country = input.country ? reference.country(input.country.trim()) : undefined;
  const lines = [input.line1, input.line2, input.line3, input.line4]
    .map(clean)
    .filter((l): l is string => !!l);
  const city = clean(input.city);
  const region = clean(input.provinceOrState);
  const postcode = clean(input.postalOrZip);
  return {
    ...(country ? { country } : {}),
    street: readStreetLine(lines, country?.alpha2),
    ...(city ? { city } : {}),
    ...(region ? { region } : {}),
    ...(postcode ? { postcode } : {}),
    text: [...lines, city, region, postcode].filter(Boolean).join(' '),
    freeform: false,
  };
}

function readFreeform(text: string): ReadAddress {
  const parsed = parseAddressDetail(text);
  const segments = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  let country = parsed.countryCode ? reference.country(parsed.countryCode) : undefined;
  const last = segments.at(-1);
  const named = last ? reference.country(last) : undefined;
  // "1 Raffles Place, Singapore 048616": a city-state is named by its town, which stays the locality.
  // It wins over a country the parser only guessed from the postal code's shape ("Gibraltar GX11 1AA").
  const cityState = !named && !parsed.fields.country && last ? cityStateIn(last) : undefined;
  if (cityState) country = cityState;
  if (named && segments.length > 1) {
    country = named;
    segments.pop();
  } else if (country && parsed.fields.country && last) {
    // "... London SW1A 2AA UK": the country name ends the last segment.
    segments[segments.length - 1] = last.slice(0, last.length - parsed.fields.country.length).trim();
  }
  const alpha2 = country?.alpha2;
  const out: ReadAddress = { street: {}, text, freeform: true, ...(country ? { country } : {}) };
  if (segments.length < 2) {
    out.street = readStreetLine(segments, alpha2);
    return out;
  }
  // A trailing segment that is only a region ("..., Karnataka").
  const tail = segments.at(-1)!;
  if (alpha2 && regionsNamed(alpha2, tail).length && segments.length > 2) {
    out.region = tail;
    segments.pop();
  }
  let locality = segments.pop()!;
  const postcode = findPostcode(alpha2, locality, parsed.fields.postcode);
  if (postcode) {
    out.postcode = postcode;
    locality = locality
      .replace(postcode, ' ')
      .replace(/\s+-\s*$|^\s*-\s+/, '')
      .trim();
  }
  // "..., São Paulo - SP, 01304-000": the postal code alone; the locality is the segment before.
  if (!locality.replace(/[-\s]/g, '') && segments.length > 1) locality = segments.pop()!;
  // "..., Washington, DC 20500": the region with the postal code; the locality is the segment before.
  if (
    alpha2 &&
    !out.region &&
    segments.length > 1 &&
    regionsNamed(alpha2, locality).length &&
    !/\d/.test(locality)
  ) {
    out.region = locality;
    locality = segments.pop()!;
  }
  // "Sydney NSW", "Milano MI", "São Paulo - SP": a region code after the town.
  const regionTail = /^(.*?)(?:\s+-\s+|\s+)([\p{L}.]{2,4}|[\p{L} ]+)$/u.exec(locality);
  if (alpha2 && !out.region && regionTail && regionsNamed(alpha2, regionTail[2]).length && regionTail[1]) {
    out.region = regionTail[2];
    locality = regionTail[1].trim();
  }
  if (locality) out.city = locality.replace(/[-\s]+$/, '');
  readLocalities(segments, alpha2 ?? '', out);
  out.street = readStreetLine(segments, alpha2);
  return out;
}

/**
 * The segments between the street and the town that are localities, nearest the town first:
 * the dependent locality, then a double dependent one before it where the street (a segment
 * with a number) comes earlier still. A unit, a floor, a building, an organization or a street is none.
 */
function readLocalities(segments: string[], alpha2: string, out: ReadAddress): void {
  if (segments.length < 2 || !isLocality(alpha2, segments.at(-1))) return;
  out.dependentLocality = segments.pop();
  if (
    segments.length > 1 &&
    isLocality(alpha2, segments.at(-1)) &&
    segments.slice(0, -1).some((s) => /\d/.test(s))
  )
    out.doubleDependentLocality = segments.pop();
}

function isLocality(alpha2: string, s: string | undefined): boolean {
  return (
    !!s &&
    !/\d/.test(s) &&
    !isUnit(s) &&
    !floorOf(s) &&
    !buildingTypeOf(s) &&
    !isOrganization(alpha2, s) &&
    !looksLikeStreet(alpha2, s)
  );
}

/** The city-state a segment names by its town, with or without its postal code ("Singapore 048616"). */
function cityStateIn(segment: string): CountryRecord | undefined {
  // The town with the words of a postal code (those with a digit) left off either end.
  const texts = [segment, segment.replace(/(\s+\S*\d\S*)+$/, ''), segment.replace(/^(\S*\d\S*\s+)+/, '')];
  for (const text of texts) {
    const state = text ? cityStateNamed(text) : undefined;
    if (state) return reference.country(state.country);
  }
  return undefined;
}

/** The postal code in a segment: the parser's, or the first run that fits the country's format. */
function findPostcode(
  alpha2: string | undefined,
  segment: string,
  parsed: string | undefined,
): string | undefined {
  if (parsed && segment.toUpperCase().includes(parsed.toUpperCase()))
    return segment.substr(segment.toUpperCase().indexOf(parsed.toUpperCase()), parsed.length);
  if (!alpha2) return undefined;
  const words = segment.split(/\s+/);
  for (let n = 2; n >= 1; n--)
    for (let i = 0; i + n <= words.length; i++) {
      const candidate = words.slice(i, i + n).join(' ');
      if (/\d/.test(candidate) && checkPostcode(alpha2, candidate).state === 'valid') return candidate;
    }
  return undefined;
}
