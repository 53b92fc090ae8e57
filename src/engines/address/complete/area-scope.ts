import type { AreaFilter } from './complete.js';

/** One row of the store's coverage: a ZIP, a city name its points carry, and how many. */
export interface AreaRow {
  zip: string;
  state: string;
  city: string;
  points: number;
}

/**
 * The ZIPs a filter leaves, busiest first, or undefined when the request has no filter.
 * A store reads a narrow scope ZIP by ZIP, and a wide one (or none) along its global
 * indexes with the filter checked on the way.
 */
export function zipsInScope(areas: readonly AreaRow[], filter: AreaFilter): string[] | undefined {
  if (!filter.states && !filter.postal && !filter.city) return undefined;
  const states = filter.states ? new Set(filter.states) : undefined;
  const cityZips = new Set(filter.cityZips ?? []);
  const weight = new Map<string, number>();
  for (const a of areas) {
    if (states && !states.has(a.state)) continue;
    if (filter.postal && !(filter.postalExact ? a.zip === filter.postal : a.zip.startsWith(filter.postal)))
      continue;
    if (filter.city) {
      const named = filter.cityExact ? a.city === filter.city : a.city.startsWith(filter.city);
      if (!named && !cityZips.has(a.zip)) continue;
    }
    weight.set(a.zip, (weight.get(a.zip) ?? 0) + a.points);
  }
  return [...weight].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([zip]) => zip);
}
