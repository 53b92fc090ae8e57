/**
 * An international verification as the API returns it (spec 2.10): the lines in the country's
 * postal format (present.ts), the fields in the answer's case, the errors and summary, and on
 * request the details and the position.
 */
import type { CountryRecord } from '../reference/index.js';
import type { Findings } from '../verify/findings.js';
import { type AddressContext, INTL_ADDRESS_FIELDS } from './address-fields.js';
import type { AnswerParts } from './answer.js';
import type { IntlArea } from './area.js';
import type { CountryRule } from './country-rules.js';
import { detailFactsOf } from './detail-facts.js';
import { INTL_DETAIL_FIELDS } from './detail-fields.js';
import type { FormatParts } from './format.js';
import type { PointMatch } from './match-points.js';
import { cased, type Lines, layOut } from './present.js';
import type { ReadAddress } from './read-input.js';
import type { Region } from './regions.js';
import type { Summary } from './summary.js';
import type { IntlDetails, IntlVerifiedAddress, IntlVerifyOptions } from './types.js';

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
  const laid = linesOf(v, !!options.properCase);
  const context: AddressContext = {
    v,
    laid,
    options,
    details: options.includeDetails ? detailsOf(v, laid, !!options.properCase) : undefined,
  };
  const out: Record<string, unknown> = {};
  for (const row of INTL_ADDRESS_FIELDS) {
    const value = row.value(context);
    if (value !== undefined) out[row.field] = value;
  }
  return out as unknown as IntlVerifiedAddress;
}

/** Premise types the posts write in the line ("BLK 123", "KM 12"); number signs (Nº, Nr.) they leave out. */
const WRITTEN_TYPES = /^(BLK|BLOCK|KM|LOTE|MZ)\.?$/i;

/** The answer's lines in the country's postal format. */
function linesOf(v: IntlVerification, proper: boolean): Lines {
  const { read, area, answer } = v;
  const { alpha2, rule } = area;
  const { street, city, region, regionText, postcodeText } = answer;
  const s = read.street;
  const number =
    s.number && s.premiseType && WRITTEN_TYPES.test(s.premiseType)
      ? `${s.premiseType} ${s.number}`
      : s.number;
  // A post box without a street takes the street's place; beside one, a line of its own.
  const road = street ?? s.postBox;
  const parts: FormatParts = {
    ...(s.organization ? { attention: s.organization } : {}),
    ...(s.building ? { house: s.building } : {}),
    ...(number ? { houseNumber: number } : {}),
    ...(road ? { road } : {}),
    ...(read.dependentLocality ? { suburb: read.dependentLocality } : {}),
    ...(city ? { city } : {}),
    ...(postcodeText ? { postcode: postcodeText } : {}),
    ...regionParts(alpha2, rule, region, regionText),
  };
  return layOut(alpha2, parts, afterStreet(read, street), rule, proper);
}

const NONE: readonly string[] = [];

/** The lines after the street line: a main thoroughfare after the numbered one, the sub-building, a post box beside a street. */
function afterStreet(read: ReadAddress, street: string | undefined): readonly string[] {
  const s = read.street;
  if (!s.thoroughfare && !s.unit && !s.floor && !(street && s.postBox)) return NONE;
  const subBuilding = [s.unit?.text, s.floor?.text].filter(Boolean).join(', ');
  return [s.thoroughfare, subBuilding, street ? s.postBox : undefined].filter((l): l is string => !!l);
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

/** Spec 2.10 `details`: each row of the table that has a value, text in the answer's case. */
function detailsOf(v: IntlVerification, laid: Lines, proper: boolean): IntlDetails {
  const facts = detailFactsOf(v, laid);
  const out: Record<string, string> = {};
  for (const row of INTL_DETAIL_FIELDS) {
    const value = row.value(facts);
    if (value) out[row.field] = row.text ? cased(value, proper) : value;
  }
  return out as IntlDetails;
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
