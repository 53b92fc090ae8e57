import { apiError } from './errors.js';

/**
 * Per-key token bucket held in memory: `perSecond` tokens refill each second up to `burst`.
 * In-process by design (one bucket per server process); documented in docs/operations.md.
 */
export function createRateLimiter(perSecond: number, burst: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return function take(keyId: string): void {
    if (perSecond <= 0) return;
    const now = Date.now();
    const b = buckets.get(keyId) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
    b.at = now;
    if (b.tokens < 1) {
      buckets.set(keyId, b);
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
      throw apiError(
        'rate_limit_exceeded_error',
        `Too many requests for this API key; retry in ${retryAfter} s.`,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    b.tokens -= 1;
    buckets.set(keyId, b);
  };
}
