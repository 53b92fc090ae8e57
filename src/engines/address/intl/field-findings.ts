/**
 * What is missing or wrong in each field, after the match (which records the street line's
 * own findings first). A value a point filled or replaced is a correction; one nothing could
 * settle is a failure.
 */
import type { Findings } from '../verify/findings.js';
import type { AnswerParts } from './answer.js';
import type { IntlArea } from './area.js';
import type { PointMatch } from './match-points.js';
import { foldName } from './places.js';
import { hasPostcodes } from './postcode.js';
import { type ReadAddress, townNames, townOf } from './read-input.js';

const NO_REFERENCE = 'Reference address data for this area (street and number not confirmed)';

export function recordFindings(
  read: ReadAddress,
  area: IntlArea,
  match: PointMatch,
  answer: AnswerParts,
  findings: Findings,
): void {
  const point = match.point;
  // A post box is delivered to without a street; a city-state's town needs no naming.
  if (!read.street.street && !read.street.postBox) findings.failure('line1', 'Missing Value', 'Street name');
  const town = townOf(read);
  if (!town && !point) findings.failure('city', 'Missing Value', 'City');
  else if (point && town && !townNames(read).includes(foldName(point.city)))
    findings.correction('city', 'Incorrect Value', 'City');
  else if (point && !town) findings.correction('city', 'Missing Value', 'City');
  if (area.townConflict) findings.failure('city', 'Incorrect Value', 'City');
  regionFindings(read, area, answer, findings);
  const pc = area.pc;
  // "Paris 4e" without a postal code: the arrondissement's fills it, as a point's would.
  if (area.postcodeFilled) findings.correction('postalOrZip', 'Missing Value', 'Postal code');
  else if (pc.state === 'empty' && hasPostcodes(area.alpha2)) {
    if (point) findings.correction('postalOrZip', 'Missing Value', 'Postal code');
    else findings.failure('postalOrZip', 'Missing Value', 'Postal code');
  } else if (pc.state === 'invalid') {
    if (point) findings.correction('postalOrZip', 'Incorrect Value', 'Postal code');
    else findings.failure('postalOrZip', 'Incorrect Value', 'Postal code');
  }
  if (!match.covered && read.street.street) findings.failure('generic', 'Missing Value', NO_REFERENCE);
}

/** The region: a town outside it or a name of none is wrong; a required one missing is filled or failed. */
function regionFindings(read: ReadAddress, area: IntlArea, answer: AnswerParts, findings: Findings): void {
  if (area.town.conflict) findings.failure('provinceOrState', 'Incorrect Value', 'Province or state');
  else if (read.region && !area.regions.length)
    findings.failure('provinceOrState', 'Incorrect Value', 'Province or state');
  else if (!read.region && area.rule.regionRequired) {
    if (answer.region) findings.correction('provinceOrState', 'Missing Value', 'Province or state');
    else findings.failure('provinceOrState', 'Missing Value', 'Province or state');
  }
}
