/**
 * How deep the match went (the match levels of summary.ts), after the corrections and before
 * them, and what that makes the verification's status: only a point's premise verifies.
 */
import type { Findings } from '../verify/findings.js';
import type { IntlArea } from './area.js';
import type { PointMatch } from './match-points.js';
import { LEVEL, type VerificationStatus } from './summary.js';
import type { IntlVerifiedAddress } from './types.js';

export interface MatchLevels {
  /** The level reached (postProcessed...). */
  post: number;
  /** The level the input reached before the corrections (preProcessed...). */
  pre: number;
  verificationStatus: VerificationStatus;
  status: IntlVerifiedAddress['status'];
}

export function matchLevels(area: IntlArea, match: PointMatch, findings: Findings): MatchLevels {
  const { localityConfirmed, regions, town } = area;
  const areaLevel =
    localityConfirmed || match.point
      ? LEVEL.locality
      : regions.length
        ? LEVEL.administrativeArea
        : LEVEL.none;
  const post = Math.max(match.level, areaLevel);
  // A corrected street, town, region or postal code: the input itself reached only its area.
  const corrected =
    match.typo || ['city', 'postalOrZip', 'provinceOrState'].some((f) => f in findings.errors);
  const inputArea = localityConfirmed
    ? LEVEL.locality
    : regions.length
      ? LEVEL.administrativeArea
      : LEVEL.none;
  const pre = corrected ? Math.min(post, inputArea) : post;
  const verificationStatus: VerificationStatus =
    town.conflict || area.townConflict
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
  return { post, pre, verificationStatus, status };
}
