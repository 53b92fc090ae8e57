/**
 * The area an international address is in, settled from the bundled data before any point
 * is read: the postal code's form, the regions the text names, the town in the gazetteer,
 * and what the tables confirm of them (the US ZIP table, Canada's FSA provinces).
 */
import { reference } from '../reference/index.js';
import { type CountryRule, countryRule } from './country-rules.js';
import { checkLocality, type LocalityCheck, usZipHasCity } from './locality.js';
import { checkPostcode, type PostcodeCheck } from './postcode.js';
import type { ReadAddress } from './read-input.js';
import { type Region, regionsNamed } from './regions.js';

export interface IntlArea {
  alpha2: string;
  rule: CountryRule;
  /** The postal code as given, against the country's format. */
  pc: PostcodeCheck;
  /** The country's regions the region text names (none when it names none, or none was given). */
  regions: readonly Region[];
  /** The town: its places in the country, those inside the region, a conflict with the region. */
  town: LocalityCheck;
  /** The town is known: in the gazetteer (inside the region given), or among the US ZIP's cities. */
  localityConfirmed: boolean;
  /** A table confirms the postal code: the US ZIP has the city, the Canadian FSA is in the province. */
  postcodeConfirmed: boolean;
}

export function settleArea(read: ReadAddress, alpha2: string): IntlArea {
  const pc = checkPostcode(alpha2, read.postcode);
  const regions: readonly Region[] = read.region ? regionsNamed(alpha2, read.region) : [];
  const town = checkLocality(alpha2, read.city, regions);
  let localityConfirmed = town.inRegion.length > 0;
  let postcodeConfirmed = false;
  // The ZIP table is the better gazetteer in the US: a ZIP's own cities confirm both.
  if (alpha2 === 'US' && pc.state === 'valid') {
    const zipCity = usZipHasCity(pc.code, read.city);
    if (zipCity) localityConfirmed = postcodeConfirmed = true;
  }
  // A Canadian FSA in the province given confirms the postal code as far as the town is confirmed.
  if (alpha2 === 'CA' && pc.state === 'valid' && regions.length) {
    const fsa = reference.fsa(pc.code);
    if (fsa && regions.some((r) => r.code === fsa.province.code)) postcodeConfirmed = localityConfirmed;
  }
  return { alpha2, rule: countryRule(alpha2), pc, regions, town, localityConfirmed, postcodeConfirmed };
}
