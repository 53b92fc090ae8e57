import type { Queryable } from '../db/pool.js';
import { apiError } from './errors.js';
import { leaseTokens } from './rate-limit.repo.js';

/** At most this many tokens are leased at once: one round trip to PostgreSQL serves that many requests. */
const MAX_LEASE = 10;
/** Leased tokens not used within this long go back to the shared bucket (with the next lease). */
const LEASE_MS = 1000;

interface Held {
  tokens: number;
  expiresAt: number;
  /** The shared bucket was empty: refuse here, without asking PostgreSQL, until this time. */
  refusedUntil: number;
  /** What the shared bucket held when it refused, for Retry-After. */
  deficit: number;
  leasing?: Promise<void>;
}

/**
 * Per-key token bucket shared by every server on the database: `perSecond` tokens refill each
 * second up to `burst`. The bucket is a row in PostgreSQL; each process leases a few tokens
 * from it at a time (up to a tenth of a second's worth) and spends them locally, so most
 * requests cost nothing and a key's limit holds whatever the number of servers
 * (docs/decisions.md, "Rate limits across servers"). Returns nothing when the request may go
 * on, a promise when a lease is needed first; throws (or rejects) with 429 when refused.
 */
export function createRateLimiter(db: Queryable, perSecond: number, burst: number) {
  const held = new Map<string, Held>();
  const leaseSize = Math.max(1, Math.min(MAX_LEASE, Math.floor(perSecond / 10), burst));

  const refuse = (h: Held) => {
    const retryAfter = Math.max(1, Math.ceil(h.deficit / perSecond));
    return apiError(
      'rate_limit_exceeded_error',
      `Too many requests for this API key; retry in ${retryAfter} s.`,
      {
        'retry-after': String(retryAfter),
      },
    );
  };

  const lease = async (keyId: string, h: Held) => {
    const now = Date.now();
    // Tokens of an expired lease go back; unexpired ones are kept and topped up.
    const giveBack = now >= h.expiresAt ? h.tokens : 0;
    if (giveBack) h.tokens = 0;
    const { granted, tokens } = await leaseTokens(db, keyId, leaseSize, perSecond, burst, giveBack);
    const at = Date.now();
    if (granted > 0) {
      h.tokens += granted;
      h.expiresAt = at + LEASE_MS;
    } else {
      h.deficit = 1 - tokens;
      h.refusedUntil = at + (h.deficit / perSecond) * 1000;
    }
  };

  function take(keyId: string): void | Promise<void> {
    if (perSecond <= 0) return;
    let h = held.get(keyId);
    if (!h) {
      h = { tokens: 0, expiresAt: 0, refusedUntil: 0, deficit: 0 };
      held.set(keyId, h);
    }
    const now = Date.now();
    if (h.tokens >= 1 && now < h.expiresAt) {
      h.tokens -= 1;
      return;
    }
    if (now < h.refusedUntil) throw refuse(h);
    // Requests arriving while a lease is on its way wait for that one rather than start their own.
    const entry = h;
    entry.leasing ??= lease(keyId, entry).finally(() => {
      entry.leasing = undefined;
    });
    return entry.leasing.then(() => take(keyId));
  }
  return take;
}
