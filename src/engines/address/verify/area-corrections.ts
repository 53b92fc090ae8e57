import { reference } from '../index.js';
import type { Area } from './area.js';
import type { Findings } from './findings.js';
import type { ReadAddress } from './read-address.js';

export interface SettledArea {
  zip?: string;
  city?: string;
  state?: string;
}

/**
 * City, state and ZIP of the answer once the ZIP is settled, with each difference from the
 * input reported. The ZIP decides (it is what mail is sorted by); a city is accepted when
 * the ZIP data or the reference points name it for that ZIP. The answer's city is the matched
 * point's mailing city where its source gives one (NAD Post_City), else the ZIP's city.
 */
export function settleArea(
  read: ReadAddress,
  area: Area,
  zip: string | undefined,
  pointCity: string | undefined,
  findings: Findings,
  mailingCity?: string,
): SettledArea {
  const record = zip ? reference.zip(zip) : undefined;
  const state = record?.state ?? area.state;
  const city = mailingCity ?? record?.city.toUpperCase() ?? pointCity ?? read.city;
  const givenZip = postalKey(read.zip);
  if (!read.zip) findings.correction('postalOrZip', 'Missing Value', 'Zip Code');
  else if (zip && givenZip !== postalKey(zip))
    findings.correction('postalOrZip', 'Incorrect Value', 'Zip Code');
  if (!read.state) findings.correction('provinceOrState', 'Missing Value', 'State');
  else if (!area.state || (state && area.state !== state))
    findings.correction('provinceOrState', 'Incorrect Value', 'State');
  if (!read.city) findings.correction('city', 'Missing Value', 'City');
  else if (
    zip &&
    (record || pointCity) &&
    read.city !== mailingCity &&
    !cityFits(read.city, zip, state, pointCity)
  )
    findings.correction('city', 'Incorrect Value', 'City');
  return { zip: zip || undefined, city: city || undefined, state: state || undefined };
}

function cityFits(
  city: string,
  zip: string,
  state: string | undefined,
  pointCity: string | undefined,
): boolean {
  const record = reference.zip(zip);
  if (city === pointCity) return true;
  if (
    record &&
    (record.city.toUpperCase() === city || record.acceptableCities.some((c) => c.toUpperCase() === city))
  )
    return true;
  return !!state && reference.zipsForCity(city, state).some((z) => z.zip === zip);
}

/** Outside coverage: the ZIP to answer with, from the input ZIP or a city with exactly one ZIP. */
export function zipFromArea(read: ReadAddress, area: Area): string | undefined {
  if (area.zipRecord) return area.zipRecord.zip;
  const canadian = canadianPostcode(read.zip);
  if (canadian && reference.fsa(canadian)) return canadian;
  if (!read.city || !area.state) return undefined;
  const zips = [...new Set(reference.zipsForCity(read.city, area.state).map((z) => z.zip))];
  return zips.length === 1 ? zips[0] : undefined;
}

/** US: the 5-digit ZIP; Canada: the code without its space. */
function postalKey(code: string | undefined): string | undefined {
  return canadianPostcode(code)?.replace(' ', '') ?? code?.slice(0, 5);
}

/** "k1a0b1" -> "K1A 0B1" (Canada Post form), or undefined when it is not one. */
export function canadianPostcode(code: string | undefined): string | undefined {
  const m = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/i.exec(code?.trim() ?? '');
  return m ? `${m[1]} ${m[2]}`.toUpperCase() : undefined;
}
