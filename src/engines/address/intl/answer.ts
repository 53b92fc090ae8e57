/**
 * The answer's parts: the matched point's where one matched, else the input's, with the
 * region the town lies in (or, where the country's format needs one and the town is sure,
 * the one region all its places share).
 */
import { streetKey } from '../verify/reference-point.js';
import type { IntlArea } from './area.js';
import { inside, sharedRegion } from './locality.js';
import type { PointMatch } from './match-points.js';
import { checkPostcode, type PostcodeCheck } from './postcode.js';
import { type ReadAddress, townOf } from './read-input.js';
import type { Region } from './regions.js';

export interface AnswerParts {
  /** The street as the answer writes it: the point's where a typo was corrected. */
  street: string | undefined;
  city: string;
  region: Region | undefined;
  /** The region as written in the answer: its code where the country writes one, else its name. */
  regionText: string;
  postcode: PostcodeCheck;
  /** The postal code as written in the answer ('' when none). */
  postcodeText: string;
}

export function answerParts(read: ReadAddress, area: IntlArea, match: PointMatch): AnswerParts {
  const { alpha2, rule, regions, town } = area;
  const point = match.point;
  const street = match.typo && point ? streetKey(point.street) : read.street.street;
  const city = point?.city || townOf(read) || '';
  const region: Region | undefined =
    (town.inRegion.length && regions.find((r) => town.inRegion.some((p) => inside(p, r)))) ||
    regions[0] ||
    // A missing region is filled only where the country's format needs one and the town is sure.
    (area.localityConfirmed && rule.regionRequired
      ? (sharedRegion(alpha2, town.inRegion, rule.regionLevel) ?? area.townRegion)
      : undefined);
  const regionText = region
    ? rule.regionAsCode && region.code
      ? region.code
      : region.name
    : (read.region ?? '');
  const postcode = point ? checkPostcode(alpha2, point.zip) : area.pc;
  const postcodeText = postcode.state === 'empty' ? '' : postcode.code;
  return { street, city, region, regionText, postcode, postcodeText };
}
