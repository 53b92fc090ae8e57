/**
 * International verification, a list of stages, top to bottom:
 *
 *   read      structured fields or a freeform line -> country, street line, locality, region, postal code
 *   area      the postal code's form (and the US ZIP table), the region, the town in the gazetteer
 *   match     imported points of the postal code (else of the locality): street, premise, unit
 *   answer    the answer's parts: the point's where one matched, else the input's
 *   findings  what is missing or wrong in each field
 *   levels    how deep the match went, before and after corrections, and the status
 *   summary   the levels, what was recognised, the postal code's outcome, the match score
 *   present   lines in the country's postal format, the fields, details and position (present-verified.ts)
 *
 * Nothing is claimed beyond what the data confirms: premise only where a point has the
 * number, delivery point only where it has the unit, locality where only the town is known.
 */
import { Findings } from '../verify/findings.js';
import { answerParts } from './answer.js';
import { settleArea } from './area.js';
import { recordFindings } from './field-findings.js';
import { matchLevels } from './levels.js';
import { matchPoints } from './match-points.js';
import type { IntlPointSource } from './point-source.js';
import { presentVerified, unknownCountry } from './present-verified.js';
import { type IntlInput, readInput } from './read-input.js';
import { summaryOf } from './summary.js';
import type { IntlVerifiedAddress, IntlVerifyOptions } from './types.js';

export async function verifyIntl(
  input: IntlInput,
  source: IntlPointSource,
  options: IntlVerifyOptions = {},
): Promise<IntlVerifiedAddress> {
  // Read: the parts as given; everything after compares against them.
  const read = readInput(input);
  const findings = new Findings();
  const country = read.country;
  // Without a country there is no format, gazetteer or point to check anything against.
  if (!country) return unknownCountry(read, findings);
  // The area from the bundled data alone: what the postal code, region and town confirm without points.
  const area = settleArea(read, country.alpha2);
  // The points: only they confirm a street, premise or unit (and record the street line's findings).
  const match = await matchPoints(read, area, source, findings);
  // The answer's parts, before the findings: a filled region is a correction, not a failure.
  const answer = answerParts(read, area, match);
  // The other fields' findings, after the match's: the errors keep the order they are reported in.
  recordFindings(read, area, match, answer, findings);
  // Levels and status last: a correction anywhere lowers the level the input reached by itself.
  const levels = matchLevels(area, match, findings);
  const summary = summaryOf(read, area, match, answer, levels);
  return presentVerified(
    { read, country, area, match, answer, findings, summary, status: levels.status },
    options,
  );
}
