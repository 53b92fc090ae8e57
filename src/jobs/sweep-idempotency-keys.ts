import { IDEMPOTENCY_TTL_MS } from '../platform/idempotency.js';
import { deleteExpiredKeys } from '../platform/idempotency.repo.js';
import type { JobDefinition } from './registry.js';

/** Idempotency keys live 24 hours; the create path ignores older ones, this removes them. */
export const sweepIdempotencyKeys: JobDefinition = {
  name: 'sweep-idempotency-keys',
  cron: '*/15 * * * *',
  async run(_data, ctx) {
    const removed = await deleteExpiredKeys(ctx.pool, IDEMPOTENCY_TTL_MS);
    if (removed) ctx.log({ removed }, 'expired idempotency keys removed');
  },
};
