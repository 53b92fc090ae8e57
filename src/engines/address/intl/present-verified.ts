/**
 * An international verification as the API returns it (spec 2.10): the lines in the country's
 * postal format (present.ts), the fields in the answer's case, the errors and summary, and on
 * request the details and the position.
 */
import type { CountryRecord } from '../reference/index.js';
import type { Findings } from '../verify/findings.js';
import type { AnswerParts } from './answer.js';
import type { IntlArea } from './area.js';
import type { CountryRule } from './country-rules.js';
import type { FormatParts } from './format.js';
import type { PointMatch } from './match-points.js';
import type { Place } from './places.js';
import type { IntlPoint } from './point-source.js';
import { cased, layOut } from './present.js';
import type { ReadAddress } from './read-input.js';
import type { Region } from './regions.js';
import { LEVEL, type Summary } from './summary.js';
import type { IntlVerifiedAddress, IntlVerifyOptions } from './types.js';

/** One verification as its stages leave it (verify.ts). */
export interface IntlVerification {
  read: ReadAddress;
  country: CountryRecord;
  area: IntlArea;
  match: PointMatch;
  answer: AnswerParts;
  findings: Findings;
  summary: Summary;
  status: IntlVerifiedAddress['status'];
}

export function presentVerified(v: IntlVerification, options: IntlVerifyOptions): IntlVerifiedAddress {
  const { read, area, answer } = v;
  const { alpha2, rule } = area;
  const { street, city, region, regionText, postcodeText } = answer;
  const proper = !!options.properCase;
  const parts: FormatParts = {
    ...(read.street.building ? { house: read.street.building } : {}),
    ...(read.street.number ? { houseNumber: read.street.number } : {}),
    ...(street ? { road: street } : {}),
    ...(read.dependentLocality ? { suburb: read.dependentLocality } : {}),
    ...(city ? { city } : {}),
    ...(postcodeText ? { postcode: postcodeText } : {}),
    ...regionParts(alpha2, rule, region, regionText),
  };
  const laid = layOut(alpha2, parts, read.street.unit?.text, rule, proper);
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
    countryName: cased(v.country.name, proper),
    formattedAddress: laid.formattedAddress,
    status: v.status,
    errors: v.findings.errors,
    summary: v.summary,
    ...(options.includeDetails
      ? {
          details: detailsOf(
            { ...read, street: { ...read.street, street } },
            answer,
            area.localityConfirmed || !!v.match.point,
            proper,
          ),
        }
      : {}),
    ...(options.geoData ? geoOf(v.match, area.localityConfirmed ? area.town.inRegion : []) : {}),
  };
}

/** The region as the templates want it: a code where the country writes one, Italy's province as county code. */
function regionParts(
  alpha2: string,
  rule: CountryRule,
  region: Region | undefined,
  text: string,
): FormatParts {
  if (!text) return {};
  if (alpha2 === 'IT') return { countyCode: region?.code ?? text };
  if (region?.code && rule.regionAsCode) return { stateCode: region.code, state: region.name };
  return { state: text };
}

/** Spec 2.10 `details`: the input's parts as read (the street as answered), the town only when confirmed. */
function detailsOf(
  read: ReadAddress,
  answer: AnswerParts,
  localityConfirmed: boolean,
  proper: boolean,
): IntlVerifiedAddress['details'] {
  const { city, region, postcode } = answer;
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

/** A point's position (P4, P5 with its unit), else a confirmed town's centre. */
function geoOf(match: PointMatch, towns: readonly Place[]): Pick<IntlVerifiedAddress, 'geoData'> {
  const point: IntlPoint | undefined = match.point;
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
export function unknownCountry(read: ReadAddress, findings: Findings): IntlVerifiedAddress {
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
