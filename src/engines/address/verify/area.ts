import { reference, type ZipRecord } from '../index.js';
import type { Coverage } from './candidate-source.js';
import type { ReadAddress } from './read-address.js';

/** What the input says about the area, checked against the ZIP data, and where to look for the street. */
export interface Area {
  /** The input's 5-digit ZIP when it is well formed. */
  zip?: string;
  /** The input's ZIP record when the ZIP exists. */
  zipRecord?: ZipRecord;
  /** State code the input names (from a code or a full name). */
  state?: string;
  /** ZIPs to search, most trusted first: the given ZIP, then the city's, then the same sectional center. */
  near: string[];
  /** ZIPs where a street typo is also tolerated (not the sectional-center ones: too wide). */
  typoZips: Set<string>;
  /** The coverage it was resolved against (area indexes are kept per coverage). */
  coverage: Coverage;
}

/** The block key of a postal code: a US ZIP's 5 digits, a Canadian code without its space. */
const blockZip = (zip: string | undefined) => {
  if (zip && /^\d{5}(-?\d{4})?$/.test(zip)) return zip.slice(0, 5);
  const ca = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/i.exec(zip ?? '');
  return ca ? `${ca[1]}${ca[2]}`.toUpperCase() : undefined;
};

/** The state code an input names (code or full name), if any. */
export function stateOf(read: ReadAddress): string | undefined {
  const region = read.state ? reference.stateByNameOrCode(read.state) : undefined;
  return region ? (region.country === 'US' ? region.state.code : region.province.code) : undefined;
}

export function cityZips(coverage: Coverage, city: string, state: string): string[] {
  const fromZipData = reference.zipsForCity(city, state).map((z) => z.zip);
  return [...fromZipData, ...(coverage.cityZips.get(`${state}|${city}`) ?? [])];
}

/**
 * `streetZips`: for an input with neither city nor ZIP, the ZIPs of its state that have
 * the street (the store looks them up by index), so the search does not walk the state.
 */
export function resolveArea(read: ReadAddress, coverage: Coverage, streetZips: string[] = []): Area {
  return new ResolvedArea(read, coverage, streetZips);
}

/** A class rather than an object literal with getters: one fixed shape, cheap to build per input. */
class ResolvedArea implements Area {
  readonly zip: string | undefined;
  readonly zipRecord: ZipRecord | undefined;
  readonly state: string | undefined;
  #lists: { near: string[]; typoZips: Set<string> } | undefined;

  constructor(
    private readonly read: ReadAddress,
    readonly coverage: Coverage,
    private readonly streetZips: string[],
  ) {
    this.zip = blockZip(read.zip);
    this.zipRecord = this.zip ? reference.zip(this.zip) : undefined;
    this.state = stateOf(read);
  }

  // The ZIP lists are built on first use: most inputs match in their own ZIP and never need them.
  get near(): string[] {
    return this.lists().near;
  }

  get typoZips(): Set<string> {
    return this.lists().typoZips;
  }

  private lists() {
    this.#lists ??= cachedNearZips(
      this.read,
      this.coverage,
      this.zip,
      this.zipRecord,
      this.state,
      this.streetZips,
    );
    return this.#lists;
  }
}

type NearLists = { near: string[]; typoZips: Set<string> };

/** Per coverage (a new one comes with every import): the lists of each ZIP, city and state seen. */
const nearCache = new WeakMap<Coverage, Map<string, NearLists>>();
const NEAR_CACHED = 20_000;

/**
 * The lists depend only on the ZIP, city and state (and the coverage), and the inputs of one
 * city repeat them; building them walks every ZIP of the city. Shared lists are read-only.
 */
function cachedNearZips(
  read: ReadAddress,
  coverage: Coverage,
  zip: string | undefined,
  zipRecord: ZipRecord | undefined,
  state: string | undefined,
  streetZips: string[],
): NearLists {
  // Street-only inputs depend on their street's ZIPs too: rare, not cached.
  if (!zip && !read.city && state) return nearZips(read, coverage, zip, zipRecord, state, streetZips);
  let cache = nearCache.get(coverage);
  if (!cache) {
    cache = new Map();
    nearCache.set(coverage, cache);
  }
  const key = `${zip ?? ''}|${read.city ?? ''}|${state ?? ''}`;
  let lists = cache.get(key);
  if (!lists) {
    lists = nearZips(read, coverage, zip, zipRecord, state, streetZips);
    if (cache.size >= NEAR_CACHED) cache.clear();
    cache.set(key, lists);
  }
  return lists;
}

function nearZips(
  read: ReadAddress,
  coverage: Coverage,
  zip: string | undefined,
  zipRecord: ZipRecord | undefined,
  state: string | undefined,
  streetZips: string[],
): NearLists {
  const ordered: string[] = [];
  if (zip) ordered.push(zip);
  const cityState = state ?? zipRecord?.state;
  if (read.city && cityState) ordered.push(...cityZips(coverage, read.city, cityState));
  if (!read.city && zipRecord)
    ordered.push(...cityZips(coverage, zipRecord.city.toUpperCase(), zipRecord.state));
  // Neither city nor ZIP: the state's ZIPs that have the street (exact streets only).
  if (!zip && !read.city && state) ordered.push(...streetZips);
  const typoZips = new Set(zip || read.city ? ordered : []);
  // A mistyped last digit usually stays in the same sectional center (first three digits).
  if (zip) ordered.push(...(coverage.sectional.get(zip.slice(0, 3)) ?? []));
  const near = [...new Set(ordered)].filter((z) => coverage.zips.has(z));
  return { near, typoZips };
}
