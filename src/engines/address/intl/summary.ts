/**
 * The verification summary's vocabulary (spec 2.10): the match levels of the big
 * international providers' address verification codes, none -> administrative area ->
 * locality -> thoroughfare -> premise -> delivery point, written as the hosted service
 * writes them ("city" for the locality level, "premise_or_building").
 */
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
