import { type SafeFetchError, safeFetch } from '../../../platform/safe-fetch.js';
import { LIMITS } from '../limits.js';

export interface FetchedAsset {
  bytes: Uint8Array;
  contentType: string;
}

/** How the renderer gets an asset; tests and benchmarks can pass their own. */
export type AssetFetcher = (url: string) => Promise<FetchedAsset>;

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The production fetcher: safe-fetch with the asset limits, plus a small in-memory cache
 * because a batch of letters usually shares one logo and one stylesheet. Failures are not
 * cached, so a flaky host is asked again by the next letter.
 */
export function createAssetFetcher(allowPrivate: boolean): AssetFetcher {
  const cache = new Map<string, { asset: FetchedAsset; expires: number }>();
  let cachedBytes = 0;
  return async (url) => {
    const hit = cache.get(url);
    if (hit && hit.expires > Date.now()) return hit.asset;
    if (hit) {
      cache.delete(url);
      cachedBytes -= hit.asset.bytes.length;
    }
    const res = await safeFetch(url, {
      allowPrivate,
      maxBytes: LIMITS.maxAssetBytes,
      timeoutMs: LIMITS.assetTimeoutMs,
    });
    const asset = { bytes: res.bytes, contentType: res.contentType.split(';')[0].trim().toLowerCase() };
    while (cachedBytes + asset.bytes.length > CACHE_MAX_BYTES && cache.size > 0) {
      const [oldest, entry] = cache.entries().next().value as [string, { asset: FetchedAsset }];
      cache.delete(oldest);
      cachedBytes -= entry.asset.bytes.length;
    }
    cache.set(url, { asset, expires: Date.now() + CACHE_TTL_MS });
    cachedBytes += asset.bytes.length;
    return asset;
  };
}

export type { SafeFetchError };
