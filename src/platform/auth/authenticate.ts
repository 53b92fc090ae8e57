import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/pool.js';
import { apiError } from '../errors.js';
import { hashKey, type KeyKind, type Product } from './api-key.js';
import { findActiveKeyByHash, type KeyRecord } from './keys.repo.js';

/** Who is calling: every repo call is scoped by orgId and live. */
export interface AuthContext {
  keyId: string;
  orgId: string;
  orgCountryCode: string;
  live: boolean;
  product: Product;
  kind: KeyKind;
}

export interface Scope {
  orgId: string;
  live: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Routes that refuse public keys (print-mail refuses them everywhere). */
    requireSecretKey?: boolean;
  }
}

const PRODUCT_NAMES: Record<Product, string> = {
  'print-mail': 'print & mail',
  addver: 'address verification',
};

// Keys are looked up by hash on every request; a short cache keeps the hot path off the
// database. A revoked key stops working within CACHE_TTL_MS (documented in docs/operations.md).
const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;

export function createAuthenticator(db: Queryable) {
  const cache = new Map<string, { record: KeyRecord; expires: number }>();

  // The cache is keyed by the key as sent (it lives only in this process's memory, like the
  // request headers): hashing it on every request was ~2% of a GET's CPU.
  async function lookup(key: string): Promise<KeyRecord | undefined> {
    const cacheKey = key;
    const hit = cache.get(cacheKey);
    if (hit && hit.expires > Date.now()) return hit.record;
    const record = await findActiveKeyByHash(db, hashKey(key));
    if (cache.size >= CACHE_MAX) cache.clear();
    if (record) cache.set(cacheKey, { record, expires: Date.now() + CACHE_TTL_MS });
    else cache.delete(cacheKey);
    return record;
  }

  return async function authenticate(request: FastifyRequest, product: Product): Promise<AuthContext> {
    const header = request.headers['x-api-key'];
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) throw apiError('missing_auth_error', 'Missing API key: send your key in the X-API-Key header.');
    const record = await lookup(key);
    if (!record)
      throw apiError('missing_auth_error', 'Invalid API key: no active key matches the X-API-Key header.');
    if (record.product !== product) {
      throw apiError(
        'permission_missing_error',
        `This is a ${PRODUCT_NAMES[record.product]} API key; ${PRODUCT_NAMES[product]} calls need a ${PRODUCT_NAMES[product]} key.`,
      );
    }
    const needsSecret = product === 'print-mail' || request.routeOptions.config?.requireSecretKey === true;
    if (needsSecret && record.kind !== 'secret') {
      throw apiError(
        'permission_missing_error',
        'This call needs a secret API key (…_sk_…); a public key was sent.',
      );
    }
    return {
      keyId: record.id,
      orgId: record.orgId,
      orgCountryCode: record.countryCode,
      live: record.live,
      product: record.product,
      kind: record.kind,
    };
  };
}

export const scopeOf = (request: FastifyRequest): Scope => ({
  orgId: request.auth.orgId,
  live: request.auth.live,
});
