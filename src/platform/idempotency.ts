import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Pool } from '../db/pool.js';
import { retryTransient } from '../db/retry-transient.js';
import { withTransaction } from '../db/tx.js';
import { scopeOf } from './auth/authenticate.js';
import { apiError, invalid } from './errors.js';
import { claimKey, findKey, forgetKey, saveResponse } from './idempotency.repo.js';
import { jsonbText } from './jsonb-order.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Created {
  statusCode: number;
  /** The response body; sent in jsonb key order, as it is read back (jsonb-order.ts), and stored as sent so a replay is byte-identical. */
  body: unknown;
  /** Work to start once the transaction has committed (e.g. enqueue a render job). */
  afterCommit?: () => Promise<void> | void;
  /** What a replay answers instead of `body`, when the body holds a secret shown only once (new API keys). */
  replayBody?: unknown;
}

export interface CreateOptions {
  /** The create writes with exactly one SQL statement, so without an Idempotency-Key it needs no transaction. */
  singleStatement?: boolean;
  /**
   * What the stored fingerprint of the request is taken over instead of its body, when the body
   * holds a secret (a password) that must not be kept even as a fast hash.
   */
  fingerprintBody?: unknown;
}

function fingerprint(request: FastifyRequest, over: unknown): string {
  const body = JSON.stringify(over ?? null);
  return createHash('sha256').update(`${request.method} ${request.routeOptions.url}\n${body}`).digest('hex');
}

/**
 * Runs a create in one transaction. With an `Idempotency-Key` header the key is claimed in
 * that same transaction, so the resource and the key commit together; a concurrent request
 * with the same key waits on the key's row and then replays the first response. A failed
 * create rolls the key back too, so the client may retry with it. Keys live 24 hours, per
 * organization and mode; the same key with a different request is a 422.
 */
export async function runCreate(
  pool: Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (tx: pg.PoolClient) => Promise<Created>,
  options: CreateOptions = {},
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && (key.length === 0 || key.length > 255))
    throw invalid('Idempotency-Key', 'header must be 1 to 255 characters.');
  const scope = scopeOf(request);
  const print = key ? fingerprint(request, options.fingerprintBody ?? request.body) : '';
  if (!key && options.singleStatement) {
    // One statement is atomic on its own: skip BEGIN/COMMIT (two round trips per create).
    // A create that declares singleStatement uses only query(), which the pool has too.
    const created = await create(pool as unknown as pg.PoolClient);
    await created.afterCommit?.();
    return reply.code(created.statusCode).type('application/json').send(jsonbText(created.body));
  }

  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await retryTransient(() =>
      withTransaction(pool, async (tx) => {
        if (key && !(await claimKey(tx, scope, key, print))) return { replay: true as const };
        const created = await create(tx);
        const text = jsonbText(created.body);
        const replay = created.replayBody === undefined ? text : jsonbText(created.replayBody);
        if (key) await saveResponse(tx, scope, key, created.statusCode, replay);
        return { replay: false as const, created, text };
      }),
    );
    if (!outcome.replay) {
      await outcome.created.afterCommit?.();
      return reply.code(outcome.created.statusCode).type('application/json').send(outcome.text);
    }
    const stored = await findKey(pool, scope, key!);
    if (!stored) continue; // the holder rolled back between our claim and read: try to claim again
    if (stored.ageMs > IDEMPOTENCY_TTL_MS) {
      await forgetKey(pool, scope, key!);
      continue;
    }
    if (stored.fingerprint !== print) {
      throw apiError(
        'idempotency_key_reuse_error',
        'This Idempotency-Key was already used with a different request; use a new key for a new request.',
      );
    }
    return reply
      .code(stored.statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .send(stored.response);
  }
  throw apiError('service_unavailable_error', 'Could not settle the Idempotency-Key; retry the request.');
}
