import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../clock.js';
import { apiError } from '../errors.js';
import { intlLookupInfo, tryChargeIntl } from './intl-metering.repo.js';
import { periodOf } from './metering.js';
import type { LookupInfo } from './metering.repo.js';

/**
 * Charges international lookups (costs in LOOKUP_COST: intlVerification, intlBatchItem,
 * intlCompletionResolve) against the international allowance, before the work, after the
 * input is checked; a refused call consumes nothing.
 */
export async function chargeIntlLookups(
  db: Queryable,
  clock: Clock,
  orgId: string,
  cost: number,
): Promise<void> {
  if (cost <= 0) return;
  const period = periodOf(clock.now());
  if (await tryChargeIntl(db, orgId, period, cost)) return;
  const info = await intlLookupInfo(db, orgId, period);
  throw apiError(
    'lookup_limit_exceeded_error',
    `This call needs ${cost} international lookup${cost === 1 ? '' : 's'} but only ` +
      `${Math.max(0, (info.freeLimit ?? 0) - info.used)} of the ${info.freeLimit} free international lookups remain this period; subscribe to continue.`,
  );
}

export function currentIntlLookupInfo(db: Queryable, clock: Clock, orgId: string): Promise<LookupInfo> {
  return intlLookupInfo(db, orgId, periodOf(clock.now()));
}
