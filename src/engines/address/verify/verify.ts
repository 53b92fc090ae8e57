import { resolveArea, stateOf } from './area.js';
import { settleArea, zipFromArea } from './area-corrections.js';
import type { CandidateSource } from './candidate-source.js';
import { Findings } from './findings.js';
import type { VerifyInput } from './input.js';
import { matchUnit } from './match-unit.js';
import { countryOf, finish, uncovered } from './outcome.js';
import { type ReadAddress, readAddress } from './read-address.js';
import { numberKey } from './reference-point.js';
import { distinctCandidates, searchStreet } from './search-street.js';
import { streetCorrections } from './street-corrections.js';
import type { Verification } from './verification.js';

/**
 * Verification, top to bottom: read the input -> settle the area from the ZIP data ->
 * find the street among the covered ZIPs -> the house number -> the unit -> status.
 * Only a reference point makes an address verified or corrected.
 */
export async function verifyAddress(source: CandidateSource, input: VerifyInput): Promise<Verification> {
  let first: Verification | undefined;
  for (const read of readAddress(input)) {
    const result = await verifyReading(source, read);
    if (result.depth === 'point') return result;
    // Another reading of a freeform line counts only if it reaches a reference point.
    first ??= result;
  }
  return first!;
}

async function verifyReading(source: CandidateSource, read: ReadAddress): Promise<Verification> {
  const current = source.coverage();
  const coverage = current instanceof Promise ? await current : current;
  const state = !read.zip && !read.city && read.street ? stateOf(read) : undefined;
  const streetZips = state && read.street ? await source.zipsWithStreet(state, read.street.name) : [];
  const area = resolveArea(read, coverage, streetZips);
  const findings = new Findings();
  const base = {
    read,
    country: countryOf(read),
    errors: findings.errors,
  };
  const street = { number: read.number, street: read.street, unit: read.unit, poBox: read.poBox };
  if (!read.number && !read.poBox) findings.failure('line1', 'Missing Value', 'Civic number');
  if (!read.street && !read.poBox) findings.failure('line1', 'Missing Value', 'Street name');
  const covered = (area.zip !== undefined && coverage.zips.has(area.zip)) || area.near.length > 0;
  if (!read.number || !read.street || !covered)
    return uncovered(read, area, findings, { ...base, ...street });
  const search = await searchStreet(source, area, read.street, read.number, area.zip);
  const choices = distinctCandidates(search.best);
  if (!choices.length) {
    findings.failure('line1', 'Incorrect Value', 'Street name');
    return finish(findings, {
      ...base,
      ...street,
      ...settleArea(read, area, zipFromArea(read, area), undefined, findings),
      depth: 'area',
      covered: true,
    });
  }
  if (choices.length > 1) {
    const sameStreet = new Set(choices.map((c) => c.street.key)).size === 1;
    if (sameStreet && !read.zip) findings.failure('postalOrZip', 'Missing Value', 'Zip Code');
    else findings.failure('line1', 'Alternate', 'Complete Street Information');
  }
  const chosen = choices[0];
  const streetPoints = [...chosen.street.byNumber.values()].flat();
  streetCorrections(read, chosen.street.form, chosen.kind, findings);
  const building = chosen.street.byNumber.get(numberKey(read.number));
  if (!building) findings.failure('line1', 'Incorrect Value', 'Civic number');
  const block = search.blocks.find((b) => b.zip === chosen.zip);
  const unit = building ? matchUnit(read, building, block?.recordsUnits ?? false, findings) : undefined;
  const settled = settleArea(read, area, chosen.zip, unit?.point.city.toUpperCase(), findings);
  return finish(findings, {
    ...base,
    ...street,
    street: chosen.street.form,
    number: unit?.point.number ?? read.number,
    unit: unit ? unit.unit : read.unit,
    ...settled,
    ...(unit ? { point: unit.point } : {}),
    streetPoints,
    depth: unit ? 'point' : 'street',
    covered: true,
  });
}
