/**
 * International verification, top to bottom:
 *
 *   read      structured fields or a freeform line -> country, street line, locality, region, postal code
 *   postcode  the country's format (and the US ZIP table)
 *   region    a code or name of the country's regions
 *   locality  the town in the gazetteer, inside the region when one is given
 *   points    imported points of the postal code (else of the locality): street, premise, unit
 *   answer    lines in the country's postal format, errors, a summary of how deep the match went
 *
 * Nothing is claimed beyond what the data confirms: premise only where a point has the
 * number, delivery point only where it has the unit, locality where only the town is known.
 */
import { reference } from '../reference/index.js';
import { Findings } from '../verify/findings.js';
import { streetKey, unitKey } from '../verify/reference-point.js';
import { countryRule } from './country-rules.js';
import type { FormatParts } from './format.js';
import { checkLocality, sharedRegion, usZipHasCity } from './locality.js';
import { foldName, type Place } from './places.js';
import type { IntlPoint, IntlPointSource } from './point-source.js';
import { checkPostcode, hasPostcodes, postcodeKey } from './postcode.js';
import { cased, layOut } from './present.js';
import { type IntlInput, type ReadAddress, readInput } from './read-input.js';
import { type Region, regionsNamed } from './regions.js';
import { premiseKey, streetMatchKey } from './street-line.js';
import { sameNumber, streetByTypo } from './street-typo.js';
import {
  LEVEL,
  level,
  matchScore,
  type PostCodeStatus,
  type Summary,
  type VerificationStatus,
} from './summary.js';
import type { IntlVerifiedAddress, IntlVerifyOptions } from './types.js';

const NO_REFERENCE = 'Reference address data for this area (street and number not confirmed)';

interface PointMatch {
  point?: IntlPoint;
  level: number;
  ambiguous: boolean;
  /** Points were found for the area (postal code or locality). */
  covered: boolean;
  /** The street as typed had no points; the point is on the one street a typo away. */
  typo?: boolean;
}

export async function verifyIntl(
  input: IntlInput,
  source: IntlPointSource,
  options: IntlVerifyOptions = {},
): Promise<IntlVerifiedAddress> {
  const read = readInput(input);
  const findings = new Findings();
  const country = read.country;
  if (!country) return unknownCountry(read, findings);
  const alpha2 = country.alpha2;
  const rule = countryRule(alpha2);

  // Postal code: its format, and for the US the ZIP table.
  const pc = checkPostcode(alpha2, read.postcode);
  // Region: what the text names among the country's regions.
  const regions: readonly Region[] = read.region ? regionsNamed(alpha2, read.region) : [];
  // Locality: the town, inside the region.
  const town = checkLocality(alpha2, read.city, regions);
  let localityConfirmed = town.inRegion.length > 0;
  let postcodeConfirmed = false;
  if (alpha2 === 'US' && pc.state === 'valid') {
    const zipCity = usZipHasCity(pc.code, read.city);
    if (zipCity) localityConfirmed = postcodeConfirmed = true;
  }
  if (alpha2 === 'CA' && pc.state === 'valid' && regions.length) {
    const fsa = reference.fsa(pc.code);
    if (fsa && regions.some((r) => r.code === fsa.province.code)) postcodeConfirmed = localityConfirmed;
  }

  // Points: by postal code, else by locality.
  const match = await matchPoints(read, alpha2, pc, source, findings);
  const point = match.point;
  // A street corrected from a typo is written as the point has it.
  const street = match.typo && point ? streetKey(point.street) : read.street.street;

  // The answer's parts: the point's where one matched, else the input's.
  const city = point?.city || read.city || '';
  const region: Region | undefined =
    (town.inRegion.length && regions.find((r) => town.inRegion.some((p) => inside(p, r)))) ||
    regions[0] ||
    // A missing region is filled only where the country's format needs one and the town is sure.
    (localityConfirmed && rule.regionRequired
      ? sharedRegion(alpha2, town.inRegion, rule.regionLevel)
      : undefined);
  const regionText = region
    ? rule.regionAsCode && region.code
      ? region.code
      : region.name
    : (read.region ?? '');
  const postcode = point ? checkPostcode(alpha2, point.zip) : pc;
  const postcodeText = postcode.state === 'empty' ? '' : postcode.code;

  // What is missing or wrong.
  if (!read.street.street) findings.failure('line1', 'Missing Value', 'Street name');
  if (!read.city && !point) findings.failure('city', 'Missing Value', 'City');
  else if (point && read.city && foldName(point.city) !== foldName(read.city))
    findings.correction('city', 'Incorrect Value', 'City');
  else if (point && !read.city) findings.correction('city', 'Missing Value', 'City');
  if (town.conflict) findings.failure('provinceOrState', 'Incorrect Value', 'Province or state');
  else if (read.region && !regions.length)
    findings.failure('provinceOrState', 'Incorrect Value', 'Province or state');
  else if (!read.region && rule.regionRequired) {
    if (region) findings.correction('provinceOrState', 'Missing Value', 'Province or state');
    else findings.failure('provinceOrState', 'Missing Value', 'Province or state');
  }
  const postCodeStatus = postcodeStatus(pc, point, postcodeConfirmed);
  if (pc.state === 'empty' && hasPostcodes(alpha2)) {
    if (point) findings.correction('postalOrZip', 'Missing Value', 'Postal code');
    else findings.failure('postalOrZip', 'Missing Value', 'Postal code');
  } else if (pc.state === 'invalid') {
    if (point) findings.correction('postalOrZip', 'Incorrect Value', 'Postal code');
    else findings.failure('postalOrZip', 'Incorrect Value', 'Postal code');
  }
  if (!match.covered && read.street.street) findings.failure('generic', 'Missing Value', NO_REFERENCE);

  // How deep the match went, after and before corrections.
  const areaLevel =
    localityConfirmed || point ? LEVEL.locality : regions.length ? LEVEL.administrativeArea : LEVEL.none;
  const post = Math.max(match.level, areaLevel);
  const corrected =
    match.typo || ['city', 'postalOrZip', 'provinceOrState'].some((f) => f in findings.errors);
  const inputArea = localityConfirmed
    ? LEVEL.locality
    : regions.length
      ? LEVEL.administrativeArea
      : LEVEL.none;
  const pre = corrected ? Math.min(post, inputArea) : post;
  const verificationStatus: VerificationStatus = town.conflict
    ? 'conflict'
    : match.ambiguous
      ? 'ambiguous'
      : post >= LEVEL.premise && !findings.failed
        ? 'verified'
        : post > LEVEL.none
          ? 'partially_verified'
          : 'unverified';
  const status =
    verificationStatus === 'verified' ? (findings.empty ? 'verified' : 'corrected') : ('failed' as const);

  const proper = !!options.properCase;
  const parts: FormatParts = {
    ...(read.street.building ? { house: read.street.building } : {}),
    ...(read.street.number ? { houseNumber: read.street.number } : {}),
    ...(street ? { road: street } : {}),
    ...(read.dependentLocality ? { suburb: read.dependentLocality } : {}),
    ...(city ? { city } : {}),
    ...(postcodeText ? { postcode: postcodeText } : {}),
    ...regionParts(alpha2, region, regionText),
  };
  const laid = layOut(alpha2, parts, read.street.unit?.text, rule, proper);
  const lexicon = read.street.number
    ? LEVEL.premise
    : read.street.street
      ? LEVEL.thoroughfare
      : town.places.length
        ? LEVEL.locality
        : regions.length
          ? LEVEL.administrativeArea
          : LEVEL.none;
  const context = read.street.number
    ? LEVEL.premise
    : read.street.street
      ? LEVEL.thoroughfare
      : read.city
        ? LEVEL.locality
        : read.region
          ? LEVEL.administrativeArea
          : LEVEL.none;
  const summary: Summary = {
    verificationStatus,
    postProcessedVerificationMatchLevel: level(post),
    preProcessedVerificationMatchLevel: level(pre),
    parsingStatus: read.street.street || read.city ? 'identified_and_parsed' : 'unable_to_parse',
    lexiconIdentificationMatchLevel: level(lexicon),
    contextIdentificationMatchLevel: level(context),
    postCodeStatus,
    matchScore: scoreOf(
      read,
      { street: street ?? '', city, region: regionText, postcode: postcodeText },
      regions.length > 0,
    ),
  };
  const [line1 = '', line2, line3, line4] = laid.lines;
  return {
    line1,
    ...(line2 ? { line2 } : {}),
    ...(line3 ? { line3 } : {}),
    ...(line4 ? { line4 } : {}),
    city: cased(city, proper),
    provinceOrState: region?.code && rule.regionAsCode ? region.code : cased(regionText, proper),
    postalOrZip: postcodeText,
    country: alpha2,
    countryName: cased(country.name, proper),
    formattedAddress: laid.formattedAddress,
    status,
    errors: findings.errors,
    summary,
    ...(options.includeDetails
      ? {
          details: detailsOf(
            { ...read, street: { ...read.street, street } },
            city,
            region,
            postcode,
            localityConfirmed || !!point,
            proper,
          ),
        }
      : {}),
    ...(options.geoData ? geoOf(point, match, localityConfirmed ? town.inRegion : []) : {}),
  };
}

/** The mean likeness of each part the input gave to the answer's (a region named by code or name counts as equal). */
function scoreOf(
  read: ReadAddress,
  out: { street: string; city: string; region: string; postcode: string },
  regionKnown: boolean,
): number {
  const street = [read.street.number, read.street.street].filter(Boolean).join(' ');
  const scores: number[] = [];
  if (street) scores.push(matchScore(read.street.street ?? '', out.street));
  if (read.city) scores.push(matchScore(read.city, out.city));
  if (read.postcode) scores.push(matchScore(read.postcode, out.postcode));
  if (read.region) scores.push(regionKnown ? 100 : matchScore(read.region, out.region));
  return scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : 0;
}

const inside = (p: Place, r: Region) =>
  r.level === 'admin1' ? p.admin1 === r.geonames : `${p.admin1}.${p.admin2}` === r.geonames;

/** The region as the templates want it: a code where the country writes one, Italy's province as county code. */
function regionParts(alpha2: string, region: Region | undefined, text: string): FormatParts {
  if (!text) return {};
  if (alpha2 === 'IT') return { countyCode: region?.code ?? text };
  if (region?.code && countryRule(alpha2).regionAsCode) return { stateCode: region.code, state: region.name };
  return { state: text };
}

async function matchPoints(
  read: ReadAddress,
  alpha2: string,
  pc: ReturnType<typeof checkPostcode>,
  source: IntlPointSource,
  findings: Findings,
): Promise<PointMatch> {
  let candidates: IntlPoint[] = [];
  // US points are filed under the 5-digit ZIP.
  if (pc.state === 'valid')
    candidates = await source.byPostcode(
      alpha2,
      alpha2 === 'US' ? postcodeKey(pc.code).slice(0, 5) : postcodeKey(pc.code),
    );
  // A well-formed postal code without points is an area not covered: the town's other points say nothing of it.
  if (pc.state !== 'valid' && read.city)
    candidates = await source.byLocality(alpha2, read.city.toUpperCase());
  const none: PointMatch = { level: LEVEL.none, ambiguous: false, covered: candidates.length > 0 };
  if (!candidates.length || !read.street.street) return none;
  const key = streetMatchKey(read.street.street);
  let onStreet = candidates.filter((p) => streetMatchKey(streetKey(p.street)) === key);
  const typo = !onStreet.length;
  if (typo) {
    const near = typoStreet(read, candidates);
    if (!near) {
      findings.failure('line1', 'Incorrect Value', 'Street name');
      return none;
    }
    onStreet = near;
    findings.correction('line1', 'Typo in Value', 'Street name');
  }
  if (!read.street.number) {
    findings.failure('line1', 'Missing Value', 'Civic number');
    return { point: undefined, level: LEVEL.thoroughfare, ambiguous: false, covered: true, typo };
  }
  const number = premiseKey(read.street.number);
  const atNumber = onStreet.filter((p) => premiseKey(p.number) === number);
  if (!atNumber.length) {
    findings.failure('line1', 'Incorrect Value', 'Civic number');
    return { level: LEVEL.thoroughfare, ambiguous: false, covered: true, typo };
  }
  // Searched by locality without a postal code: the same address in two postal codes is ambiguous.
  const postcodes = new Set(atNumber.map((p) => postcodeKey(p.zip)));
  const ambiguous = pc.state !== 'valid' && postcodes.size > 1;
  const unitId =
    read.street.unit?.id ??
    (read.street.unit && !read.street.unit.designator ? read.street.unit.text : undefined);
  const withUnits = atNumber.filter((p) => p.unitId);
  const plain = atNumber.find((p) => !p.unitId);
  if (unitId) {
    const unit = withUnits.find((p) => unitKey(p.unitId) === unitKey(unitId));
    if (unit) return { point: unit, level: LEVEL.deliveryPoint, ambiguous, covered: true, typo };
    if (withUnits.length) {
      findings.failure('line1', 'Incorrect Value', 'Suite identifier');
      return {
        point: plain ?? { ...withUnits[0], unitId: undefined, unitDesignator: undefined },
        level: LEVEL.premise,
        ambiguous,
        covered: true,
        typo,
      };
    }
    return { point: plain, level: LEVEL.premise, ambiguous, covered: true, typo };
  }
  if (!plain) {
    findings.failure('line1', 'Missing Value', 'Suite identifier');
    return {
      point: { ...withUnits[0], unitId: undefined, unitDesignator: undefined },
      level: LEVEL.premise,
      ambiguous,
      covered: true,
      typo,
    };
  }
  return { point: plain, level: LEVEL.premise, ambiguous, covered: true, typo };
}

/**
 * The street a typo away among the area's points, only with the typed number (a typo never
 * changes the number) and, when a town was given, in that town (nor moves the address).
 */
function typoStreet(read: ReadAddress, candidates: readonly IntlPoint[]): IntlPoint[] | undefined {
  const { street, number } = read.street;
  if (!street || !number) return undefined;
  const town = read.city ? foldName(read.city) : undefined;
  const near = streetByTypo(
    street,
    candidates,
    (p) => sameNumber(p.number, number) && (!town || foldName(p.city) === town),
  );
  return near?.filter((p) => !town || foldName(p.city) === town);
}

function postcodeStatus(
  pc: ReturnType<typeof checkPostcode>,
  point: IntlPoint | undefined,
  confirmedByTable: boolean,
): PostCodeStatus {
  if (pc.state === 'empty') return point ? 'postal_code_primary_added' : 'postal_code_primary_empty';
  if (point) {
    const given = postcodeKey(pc.code);
    const found = postcodeKey(point.zip);
    if (given === found) return 'postal_code_primary_verified';
    let same = 0;
    while (same < given.length && given[same] === found[same]) same++;
    return found.length - same <= 2
      ? 'postal_code_primary_verified_small_change'
      : 'postal_code_primary_verified_large_change';
  }
  if (pc.state === 'valid')
    return confirmedByTable ? 'postal_code_primary_verified' : 'postal_code_primary_identified_by_lexicon';
  return 'postal_code_primary_identified_by_context';
}

function detailsOf(
  read: ReadAddress,
  city: string,
  region: Region | undefined,
  postcode: ReturnType<typeof checkPostcode>,
  localityConfirmed: boolean,
  proper: boolean,
): IntlVerifiedAddress['details'] {
  const c = (s: string) => cased(s, proper);
  const s = read.street;
  const out: NonNullable<IntlVerifiedAddress['details']> = {};
  if (s.building) out.building = c(s.building);
  if (s.number) {
    out.premise = s.number;
    out.premiseNumber = s.number;
  }
  if (s.street) out.street = c(s.street);
  if (s.unit) {
    out.subBuilding = c(s.unit.text);
    if (s.unit.designator && s.unit.designator !== '#') out.subBuildingType = c(s.unit.designator);
    if (s.unit.id) out.subBuildingNumber = s.unit.id;
  }
  if (s.street) out.deliveryAddress = c([s.number, s.street].filter(Boolean).join(' '));
  if (read.dependentLocality) out.dependentLocality = c(read.dependentLocality);
  if (localityConfirmed && city) out.cityName = c(city);
  if (region) out.provinceOrStateName = c(region.name);
  if (postcode.state === 'valid') out.postalOrZipPrimary = postcode.code;
  return out;
}

function geoOf(
  point: IntlPoint | undefined,
  match: PointMatch,
  towns: readonly Place[],
): Pick<IntlVerifiedAddress, 'geoData'> {
  if (point)
    return {
      geoData: {
        latitude: point.lat.toFixed(6),
        longitude: point.lon.toFixed(6),
        geoAccuracy: match.level === LEVEL.deliveryPoint ? 'P5' : 'P4',
      },
    };
  // A town's centre only when the town is one place (A2: administrative, locality level).
  if (towns.length === 1)
    return {
      geoData: { latitude: towns[0].lat.toFixed(6), longitude: towns[0].lng.toFixed(6), geoAccuracy: 'A2' },
    };
  return {};
}

/** No country to go by (freeform without one, or an unknown code in a batch item). */
function unknownCountry(read: ReadAddress, findings: Findings): IntlVerifiedAddress {
  findings.failure('generic', 'Missing Value', 'Country');
  const line1 = read.text.toUpperCase();
  return {
    line1,
    city: (read.city ?? '').toUpperCase(),
    provinceOrState: (read.region ?? '').toUpperCase(),
    postalOrZip: (read.postcode ?? '').toUpperCase(),
    country: '',
    countryName: '',
    formattedAddress: line1,
    status: 'failed',
    errors: findings.errors,
    summary: {
      verificationStatus: 'unverified',
      postProcessedVerificationMatchLevel: 'none',
      preProcessedVerificationMatchLevel: 'none',
      parsingStatus: read.street.street ? 'identified_and_parsed' : 'unable_to_parse',
      lexiconIdentificationMatchLevel: 'none',
      contextIdentificationMatchLevel: 'none',
      postCodeStatus: read.postcode
        ? 'postal_code_primary_identified_by_context'
        : 'postal_code_primary_empty',
      matchScore: 0,
    },
  };
}
