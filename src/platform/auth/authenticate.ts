import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/pool.js';
import type { Scope } from '../../db/scope.js';
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

// Keys are looked up by hash; a short cache keeps the hot path off the database. A revoked
// key stops working within CACHE_TTL_MS (documented in docs/operations.md).
const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;

// Bumped when an organization is disabled in this process (a sub-organization deleted over
// the API): every cached key of this process is looked up afresh, so the change holds at
// once here and within CACHE_TTL_MS in other processes.
let cacheGeneration = 0;

/** Forgets every key this process has cached (disabling is rare; re-reading keys is cheap). */
export function forgetCachedKeys(): void {
  cacheGeneration++;
}

function contextOf(record: KeyRecord): AuthContext {
  return Object.freeze({
    keyId: record.id,
    orgId: record.orgId,
    orgCountryCode: record.countryCode,
    live: record.live,
    product: record.product,
    kind: record.kind,
  });
}

/** May this key call this route? Throws the error the hosted service gives when not. */
function admit(context: AuthContext, request: FastifyRequest, product: Product): AuthContext {
  if (context.product !== product) {
    throw apiError(
      'permission_missing_error',
      `This is a ${PRODUCT_NAMES[context.product]} API key; ${PRODUCT_NAMES[product]} calls need a ${PRODUCT_NAMES[product]} key.`,
    );
  }
  const needsSecret = product === 'print-mail' || request.routeOptions.config?.requireSecretKey === true;
  if (needsSecret && context.kind !== 'secret') {
    throw apiError(
      'permission_missing_error',
      'This call needs a secret API key (…_sk_…); a public key was sent.',
    );
  }
  return context;
}

const unknownKey = () =>
  apiError('missing_auth_error', 'Invalid API key: no active key matches the X-API-Key header.');

/**
 * Returns the caller's context: synchronously when the key is cached (the common case, no
 * promise on the hot path), else a promise that looks the key up by its hash.
 */
export function createAuthenticator(db: Queryable) {
  // Keyed by the key as sent (it lives only in this process's memory, like the request
  // headers): hashing it on every request was ~2% of a GET's CPU. Unknown keys are not cached.
  const cache = new Map<string, { context: AuthContext; expires: number; generation: number }>();

  async function lookup(key: string): Promise<AuthContext> {
    // The generation as the read starts: a disable committed during the read voids its entry.
    const generation = cacheGeneration;
    const record = await findActiveKeyByHash(db, hashKey(key));
    if (!record) {
      cache.delete(key);
      throw unknownKey();
    }
    if (cache.size >= CACHE_MAX) cache.clear();
    const context = contextOf(record);
    cache.set(key, { context, expires: Date.now() + CACHE_TTL_MS, generation });
    return context;
  }

  return function authenticate(
    request: FastifyRequest,
    product: Product,
  ): AuthContext | Promise<AuthContext> {
    const header = request.headers['x-api-key'];
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) throw apiError('missing_auth_error', 'Missing API key: send your key in the X-API-Key header.');
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now() && hit.generation === cacheGeneration)
      return admit(hit.context, request, product);
    return lookup(key).then((context) => admit(context, request, product));
  };
}

export const scopeOf = (request: FastifyRequest): Scope => ({
  orgId: request.auth.orgId,
  live: request.auth.live,
});
