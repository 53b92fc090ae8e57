import type { JobDefinition } from '../api/job-definition.js';
import { deleteExpiredKeys } from '../platform/idempotency.repo.js';

/**
 * Idempotency keys are honoured 24 hours (platform/idempotency.ts ignores older ones); their
 * records are kept Config.retentionIdempotencyHours (at least that) and this removes them.
 */
export const sweepIdempotencyKeys: JobDefinition = {
  name: 'sweep-idempotency-keys',
  cron: '*/15 * * * *',
  async run(_data, ctx) {
    const removed = await deleteExpiredKeys(ctx.pool, ctx.config.retentionIdempotencyHours * 60 * 60 * 1000);
    if (removed) ctx.log({ removed }, 'expired idempotency keys removed');
  },
};
