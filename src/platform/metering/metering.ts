import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../clock.js';
import { apiError } from '../errors.js';
import { type Allowance, type LookupInfo, lookupInfo, STANDARD_LOOKUPS, tryCharge } from './metering.repo.js';

/**
 * Lookup metering for the whole address API: per organization (test and live calls together)
 * and calendar month in UTC. Costs (spec section 8) are in one table; callers charge before
 * doing the work, after validating the input, so bad input and refused calls consume nothing.
 */
export const LOOKUP_COST = Object.freeze({
  verification: 1,
  suggestion: 1,
  parse: 1,
  completionResolve: 1,
  completionPreview: 0,
  batchItem: 1,
  geocode: 1,
  intlVerification: 1,
  intlBatchItem: 1,
  intlCompletionResolve: 1,
  info: 0,
  cityStates: 0,
  zipCodes: 0,
});

export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export async function chargeLookups(
  db: Queryable,
  clock: Clock,
  orgId: string,
  cost: number,
  a: Allowance = STANDARD_LOOKUPS,
): Promise<void> {
  if (cost <= 0) return;
  if (!(await tryCharge(db, orgId, periodOf(clock.now()), cost, a))) {
    const info = await lookupInfo(db, orgId, periodOf(clock.now()), a);
    const kind = a === STANDARD_LOOKUPS ? '' : 'international ';
    throw apiError(
      'lookup_limit_exceeded_error',
      `This call needs ${cost} ${kind}lookup${cost === 1 ? '' : 's'} but only ${Math.max(0, (info.freeLimit ?? 0) - info.used)} ` +
        `of the ${info.freeLimit} free ${kind}lookups remain this period; subscribe to continue.`,
    );
  }
}

/**
 * Gives back lookups charged ahead for work that was not delivered (a geocode asked for but not
 * found): the counter goes down by `cost`, never past what a limit allows, in the period of the
 * charge (`chargedAt`, by default now), so work that ends in a later month gives back what
 * that month's counter never had.
 */
export async function refundLookups(
  db: Queryable,
  clock: Clock,
  orgId: string,
  cost: number,
  a: Allowance = STANDARD_LOOKUPS,
  chargedAt: Date = clock.now(),
): Promise<void> {
  if (cost <= 0) return;
  await tryCharge(db, orgId, periodOf(chargedAt), -cost, a);
}

export function currentLookupInfo(
  db: Queryable,
  clock: Clock,
  orgId: string,
  a: Allowance = STANDARD_LOOKUPS,
): Promise<LookupInfo> {
  return lookupInfo(db, orgId, periodOf(clock.now()), a);
}
