import { safeFetch } from '../../../platform/safe-fetch.js';
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
 * because a batch of letters usually shares one logo and one stylesheet. Letters rendering
 * at the same moment share one download. Failures are not cached, so a flaky host is asked
 * again by the next letter.
 */
export function createAssetFetcher(allowPrivate: boolean): AssetFetcher {
  const cache = new Map<string, { asset: FetchedAsset; expires: number }>();
  const inFlight = new Map<string, Promise<FetchedAsset>>();
  let cachedBytes = 0;

  const remember = (url: string, asset: FetchedAsset) => {
    while (cachedBytes + asset.bytes.length > CACHE_MAX_BYTES && cache.size > 0)
      forget(cache.keys().next().value!);
    cache.set(url, { asset, expires: Date.now() + CACHE_TTL_MS });
    cachedBytes += asset.bytes.length;
  };
  const forget = (url: string) => {
    cachedBytes -= cache.get(url)?.asset.bytes.length ?? 0;
    cache.delete(url);
  };
  const download = async (url: string): Promise<FetchedAsset> => {
    const res = await safeFetch(url, {
      allowPrivate,
      maxBytes: LIMITS.maxAssetBytes,
      timeoutMs: LIMITS.assetTimeoutMs,
    });
    return { bytes: res.bytes, contentType: res.contentType.split(';')[0].trim().toLowerCase() };
  };

  return async (url) => {
    const hit = cache.get(url);
    if (hit && hit.expires > Date.now()) return hit.asset;
    if (hit) forget(url);
    let pending = inFlight.get(url);
    if (!pending) {
      pending = download(url)
        .then((asset) => {
          remember(url, asset);
          return asset;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  };
}
