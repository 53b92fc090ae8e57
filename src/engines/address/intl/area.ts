/**
 * The area an international address is in, settled from the bundled data before any point
 * is read: the postal code's form, the regions the text names, the town in the gazetteer,
 * and what the tables confirm of them (the US ZIP table, Canada's FSA provinces).
 */
import { reference } from '../reference/index.js';
import { type CountryRule, countryRule } from './country-rules.js';
import { checkLocality, type LocalityCheck, usZipHasCity } from './locality.js';
import { checkPostcode, type PostcodeCheck, postcodeKey } from './postcode.js';
import type { ReadAddress } from './read-input.js';
import { type Region, regionsNamed } from './regions.js';
import { inRanges } from './town-forms.js';

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
  /** No postal code was given; the town form implies one ("Paris 4e" -> 75004). */
  postcodeFilled: boolean;
  /** The town form's postal codes do not have the one given ("Dublin 2" with a D04 Eircode). */
  townConflict: boolean;
  /** The region the town form lies in (Tokyo for its wards). */
  townRegion: Region | undefined;
}

export function settleArea(read: ReadAddress, alpha2: string): IntlArea {
  const form = read.town;
  let pc = checkPostcode(alpha2, read.postcode);
  const postcodeFilled = pc.state === 'empty' && !!form?.postcode;
  if (postcodeFilled) pc = checkPostcode(alpha2, form?.postcode);
  const regions: readonly Region[] = read.region ? regionsNamed(alpha2, read.region) : [];
  const townRegion = form?.region ? regionsNamed(alpha2, form.region)[0] : undefined;
  // A town form the table confirms (Tokyo's wards) is looked up inside its own region.
  let town = checkLocality(
    alpha2,
    form?.gazetteer ?? read.city,
    regions.length || !townRegion ? regions : [townRegion],
  );
  if (form?.confirmed) town = { ...town, conflict: false };
  const townConflict =
    !!form?.postcodes && pc.state === 'valid' && !inRanges(postcodeKey(pc.code), form.postcodes);
  let localityConfirmed =
    !townConflict && (town.inRegion.length > 0 || (!!form?.confirmed && inTownRegion(regions, townRegion)));
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
  return {
    alpha2,
    rule: countryRule(alpha2),
    pc,
    regions,
    town,
    localityConfirmed,
    postcodeConfirmed,
    postcodeFilled,
    townConflict,
    townRegion,
  };
}

/** The regions given hold the town form's own region (or none was given). */
function inTownRegion(regions: readonly Region[], townRegion: Region | undefined): boolean {
  return !regions.length || regions.some((r) => r.geonames === townRegion?.geonames);
}
