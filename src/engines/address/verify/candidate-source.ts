import type { ZipBlock } from './zip-block.js';

/** Which areas the store covers: a ZIP is covered when it has imported points. */
export interface Coverage {
  /** ZIP -> the city names its points carry (upper case). */
  zips: ReadonlyMap<string, ReadonlySet<string>>;
  /** "STATE|CITY" (as the points name it) -> ZIPs. */
  cityZips: ReadonlyMap<string, readonly string[]>;
  /** First three digits (sectional center) -> covered ZIPs. */
  sectional: ReadonlyMap<string, readonly string[]>;
}

/** Builds the coverage indexes from ZIP -> (state, city names). */
export function buildCoverage(rows: Iterable<{ zip: string; state: string; city: string }>): Coverage {
  const zips = new Map<string, Set<string>>();
  const cityZips = new Map<string, string[]>();
  const sectional = new Map<string, string[]>();
  for (const { zip, state, city } of rows) {
    const name = city.toUpperCase();
    let cities = zips.get(zip);
    if (!cities) {
      cities = new Set();
      zips.set(zip, cities);
      push(sectional, zip.slice(0, 3), zip);
    }
    if (cities.has(name)) continue;
    cities.add(name);
    const key = `${state}|${name}`;
    push(cityZips, key, zip);
  }
  return { zips, cityZips, sectional };
}

/**
 * Where the verifier gets reference points. The engine stays pure: the PostgreSQL store
 * (reference-store/) and the in-memory one (tests, benchmarks) both implement this.
 */
export interface CandidateSource {
  coverage(): Coverage | Promise<Coverage>;
  /** All points of a ZIP, or undefined when it has none. */
  block(zip: string): ZipBlock | undefined | Promise<ZipBlock | undefined>;
  /** ZIPs of a state with a street of this (standardized) name: inputs with neither city nor ZIP. */
  zipsWithStreet(state: string, name: string): string[] | Promise<string[]>;
  /** Reads ahead the blocks of these ZIPs, in as few round trips as it can (optional: a hint). */
  prefetch?(zips: Iterable<string>): Promise<void>;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
