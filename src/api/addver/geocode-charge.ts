import { chargeLookups, LOOKUP_COST, refundLookups } from '../../platform/metering/metering.js';
import { geocodingEnabled } from '../../platform/metering/metering.repo.js';
import type { AppDeps } from '../deps.js';

export interface GeocodeCharge {
  /** Whether to geocode: the caller asked and its plan includes geocoding. */
  geocode: boolean;
  /** Gives back the geocode lookups of the answers that came without a geocode. */
  settle(answers: ReadonlyArray<{ geocodeResult?: unknown }>): Promise<void>;
}

/**
 * Charges `count` answers of `base` lookups each, plus one geocode lookup each when the caller
 * asked for geocoding and its plan has it (spec 2.5). The geocode lookups are charged up front,
 * so an account short of them is refused before any work, and `settle` refunds those of answers
 * that carry no geocode: only a returned geocode costs.
 */
export async function chargeWithGeocode(
  deps: Pick<AppDeps, 'pool' | 'clock'>,
  orgId: string,
  base: number,
  asked: boolean | undefined,
  count = 1,
): Promise<GeocodeCharge> {
  const geocode = !!asked && count > 0 && (await geocodingEnabled(deps.pool, orgId));
  const each = base + (geocode ? LOOKUP_COST.geocode : 0);
  await chargeLookups(deps.pool, deps.clock, orgId, count * each);
  return {
    geocode,
    async settle(answers) {
      if (!geocode) return;
      const missing = count - answers.filter((a) => a.geocodeResult).length;
      await refundLookups(deps.pool, deps.clock, orgId, missing * LOOKUP_COST.geocode);
    },
  };
}
