import { reference } from '../index.js';
import type { Area } from './area.js';
import { settleArea, zipFromArea } from './area-corrections.js';
import type { Findings } from './findings.js';
import type { ReadAddress } from './read-address.js';
import type { Verification } from './verification.js';

// No reference points for the area: the ZIP data can confirm ZIP, city and state, never the street.
export function uncovered(
  read: ReadAddress,
  area: Area,
  findings: Findings,
  partial: Omit<Verification, 'status' | 'depth' | 'covered'>,
): Verification {
  const zip = zipFromArea(read, area);
  const settled = settleArea(read, area, zip, undefined, findings);
  // Nothing else failed (a PO box, a street out of coverage): say why it is not verified.
  if (!findings.failed)
    findings.failure(
      'generic',
      'Missing Value',
      'Reference address data for this area (street and number not confirmed)',
    );
  return finish(findings, {
    ...partial,
    zip: settled.zip,
    city: settled.city,
    state: settled.state,
    depth: settled.zip ? 'area' : 'none',
    covered: false,
  });
}

/** Whether the match reached a point or a range holding the number: only those verify. */
export const confirmsNumber = (depth: Verification['depth']) => depth === 'point' || depth === 'range';

/**
 * The status rule: only a point, or a street range holding the number, verifies; any failure,
 * or stopping short of them, fails.
 * Completes `v` in place (callers pass a fresh object): no copy per verification.
 */
export function finish(findings: Findings, v: Omit<Verification, 'status'>): Verification {
  const done = v as Verification;
  done.status =
    findings.failed || !confirmsNumber(v.depth) ? 'failed' : findings.empty ? 'verified' : 'corrected';
  done.errors = findings.errors;
  return done;
}

/** The input's country, else Canada when it names a province, else the US. */
export function countryOf(read: ReadAddress): 'US' | 'CA' {
  if (read.country === 'CA' || read.country === 'US') return read.country;
  return read.state && reference.stateByNameOrCode(read.state)?.country === 'CA' ? 'CA' : 'US';
}
