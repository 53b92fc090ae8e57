import { resolveArea, stateOf } from './area.js';
import { settleArea, zipFromArea } from './area-corrections.js';
import type { CandidateSource } from './candidate-source.js';
import { changesTypeAndTown } from './correction-limits.js';
import { mailingCityOf } from './delivery.js';
import { Findings } from './findings.js';
import type { VerifyInput } from './input.js';
import { matchUnit } from './match-unit.js';
import { confirmsNumber, countryOf, finish, uncovered } from './outcome.js';
import { type ReadAddress, readAddress } from './read-address.js';
import { numberKey } from './reference-point.js';
import { distinctCandidates, searchStreet } from './search-street.js';
import { streetCorrections } from './street-corrections.js';
import type { Verification } from './verification.js';
import { rangeFor, streetPoints } from './zip-block.js';

/**
 * Verification, top to bottom: read the input -> settle the area from the ZIP data ->
 * find the street among the covered ZIPs -> the house number -> the unit -> status.
 * Only a reference point makes an address verified or corrected.
 */
export async function verifyAddress(source: CandidateSource, input: VerifyInput): Promise<Verification> {
  let first: Verification | undefined;
  for (const read of readAddress(input)) {
    const result = await verifyReading(source, read);
    if (confirmsNumber(result.depth)) return result;
    // Another reading of a freeform line counts only if it reaches a reference point or range.
    first ??= result;
  }
  return first!;
}

async function verifyReading(source: CandidateSource, read: ReadAddress): Promise<Verification> {
  const current = source.coverage();
  const coverage = current instanceof Promise ? await current : current;
  const state = !read.zip && !read.city && read.street ? stateOf(read) : undefined;
  const pending = state && read.street ? source.zipsWithStreet(state, read.street.name) : [];
  const streetZips = pending instanceof Promise ? await pending : pending;
  const area = resolveArea(read, coverage, streetZips);
  const findings = new Findings();
  if (!read.number && !read.poBox) findings.failure('line1', 'Missing Value', 'Civic number');
  if (!read.street && !read.poBox) findings.failure('line1', 'Missing Value', 'Street name');
  const covered = (area.zip !== undefined && coverage.zips.has(area.zip)) || area.near.length > 0;
  if (!read.number || !read.street || !covered)
    return uncovered(read, area, findings, asRead(read, findings));
  const search = await searchStreet(source, area, read.street, read.number, area.zip);
  const choices = distinctCandidates(search.best).filter((c) => !changesTypeAndTown(read, area, c));
  if (!choices.length) {
    findings.failure('line1', 'Incorrect Value', 'Street name');
    const settled = settleArea(read, area, zipFromArea(read, area), undefined, findings);
    return finish(findings, { ...asRead(read, findings), ...settled, depth: 'area', covered: true });
  }
  if (choices.length > 1) {
    const sameStreet = new Set(choices.map((c) => c.street.key)).size === 1;
    if (sameStreet && !read.zip) findings.failure('postalOrZip', 'Missing Value', 'Zip Code');
    else findings.failure('line1', 'Alternate', 'Complete Street Information');
  }
  const chosen = choices[0];
  streetCorrections(read, chosen.street.form, chosen.kind, findings);
  const key = numberKey(read.number);
  const building = chosen.street.byNumber.get(key);
  // Where no point is on the street, a range holding the number confirms the street and number.
  const range = building ? undefined : rangeFor(chosen.street, key);
  if (!building && !range) findings.failure('line1', 'Incorrect Value', 'Civic number');
  const block = search.blocks.find((b) => b.zip === chosen.zip);
  const unit = building ? matchUnit(read, building, block?.recordsUnits ?? false, findings) : undefined;
  const settled = settleArea(
    read,
    area,
    chosen.zip,
    unit?.point.city.toUpperCase(),
    findings,
    mailingCityOf(unit?.point),
  );
  // One literal with every field (absent ones undefined): spreads here cost more than the match.
  return finish(findings, {
    read,
    country: countryOf(read),
    errors: findings.errors,
    number: unit?.point.number ?? read.number,
    street: chosen.street.form,
    // A range knows no buildings: a unit can be neither confirmed nor refuted, so it is kept.
    unit: unit ? unit.unit : read.unit,
    poBox: read.poBox,
    zip: settled.zip,
    city: settled.city,
    state: settled.state,
    point: unit?.point,
    range,
    streetRanges: chosen.street.byNumber.size ? undefined : chosen.street.ranges,
    streetPoints: streetPoints(chosen.street),
    depth: unit ? 'point' : range ? 'range' : 'street',
    covered: true,
  });
}

/** The answer's fields taken from the input as read (before any match). */
function asRead(read: ReadAddress, findings: Findings) {
  return {
    read,
    country: countryOf(read),
    errors: findings.errors,
    number: read.number,
    street: read.street,
    unit: read.unit,
    poBox: read.poBox,
  };
}
