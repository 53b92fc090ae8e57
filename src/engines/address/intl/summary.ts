/**
 * The verification summary's vocabulary (spec 2.10): the match levels of the big
 * international providers' address verification codes, none -> administrative area ->
 * locality -> thoroughfare -> premise -> delivery point, written as the hosted service
 * writes them ("city" for the locality level, "premise_or_building"), and the summary stage
 * that fills it from a verification's stages.
 */
import type { AnswerParts } from './answer.js';
import type { IntlArea } from './area.js';
import type { MatchLevels } from './levels.js';
import type { PointMatch } from './match-points.js';
import type { IntlPoint } from './point-source.js';
import { type PostcodeCheck, postcodeKey } from './postcode.js';
import type { ReadAddress } from './read-input.js';

export const MATCH_LEVELS = [
  'none',
  'administrative_area',
  'city',
  'thoroughfare',
  'premise_or_building',
  'delivery_point',
] as const;

export type MatchLevel = (typeof MATCH_LEVELS)[number];
export const level = (n: number): MatchLevel => MATCH_LEVELS[Math.max(0, Math.min(5, n))];

export const LEVEL = {
  none: 0,
  administrativeArea: 1,
  locality: 2,
  thoroughfare: 3,
  premise: 4,
  deliveryPoint: 5,
} as const;

export type VerificationStatus = 'verified' | 'partially_verified' | 'unverified' | 'ambiguous' | 'conflict';

/** Postal code outcomes, deepest first (the providers' P8..P0). */
export type PostCodeStatus =
  | 'postal_code_primary_verified'
  | 'postal_code_primary_verified_small_change'
  | 'postal_code_primary_verified_large_change'
  | 'postal_code_primary_added'
  | 'postal_code_primary_identified_by_lexicon'
  | 'postal_code_primary_identified_by_context'
  | 'postal_code_primary_empty';

export interface Summary {
  verificationStatus: VerificationStatus;
  postProcessedVerificationMatchLevel: MatchLevel;
  preProcessedVerificationMatchLevel: MatchLevel;
  parsingStatus: 'identified_and_parsed' | 'unable_to_parse';
  lexiconIdentificationMatchLevel: MatchLevel;
  contextIdentificationMatchLevel: MatchLevel;
  postCodeStatus: PostCodeStatus;
  matchScore: number;
  message?: string;
}

/** 0–100: how alike the input and the answer are (100 = the same text, case and spacing aside). */
export function matchScore(input: string, output: string): number {
  const a = input.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const b = output.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (a === b) return 100;
  const longest = Math.max(a.length, b.length);
  return Math.round(100 * (1 - levenshtein(a, b) / longest));
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** The summary: the levels reached, what of the input was recognised, the postal code's outcome, the score. */
export function summaryOf(
  read: ReadAddress,
  area: IntlArea,
  match: PointMatch,
  answer: AnswerParts,
  levels: MatchLevels,
): Summary {
  const { street, number } = read.street;
  // The deepest part recognised by its form (a number, a street, a town in the gazetteer, a region).
  const lexicon = number
    ? LEVEL.premise
    : street
      ? LEVEL.thoroughfare
      : area.town.places.length
        ? LEVEL.locality
        : area.regions.length
          ? LEVEL.administrativeArea
          : LEVEL.none;
  // The deepest part present in the input at all.
  const context = number
    ? LEVEL.premise
    : street
      ? LEVEL.thoroughfare
      : read.city
        ? LEVEL.locality
        : read.region
          ? LEVEL.administrativeArea
          : LEVEL.none;
  return {
    verificationStatus: levels.verificationStatus,
    postProcessedVerificationMatchLevel: level(levels.post),
    preProcessedVerificationMatchLevel: level(levels.pre),
    parsingStatus: street || read.city ? 'identified_and_parsed' : 'unable_to_parse',
    lexiconIdentificationMatchLevel: level(lexicon),
    contextIdentificationMatchLevel: level(context),
    postCodeStatus:
      area.postcodeFilled && !match.point
        ? 'postal_code_primary_added'
        : postcodeStatus(area.pc, match.point, area.postcodeConfirmed),
    matchScore: scoreOf(
      read,
      {
        street: answer.street ?? '',
        city: answer.city,
        region: answer.regionText,
        postcode: answer.postcodeText,
      },
      area.regions.length > 0,
    ),
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

/** The postal code's outcome: a point's beside the one given, else what its form and the tables say. */
function postcodeStatus(
  pc: PostcodeCheck,
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
