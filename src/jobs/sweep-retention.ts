import type { JobDefinition } from '../api/job-definition.js';
import { type AgedTable, deleteOlderBatch } from '../db/retention.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/**
 * Deletes events and webhook invocations older than their retention (Config.retentionEventsDays,
 * retentionInvocationsDays; 0 keeps them forever), in batches, every hour at :17. Idempotency
 * records have their own sweep (sweep-idempotency-keys.ts). An order outlives its events: its
 * own record is not touched.
 */
export const sweepRetention: JobDefinition = {
  name: 'sweep-retention',
  cron: '17 * * * *',
  async run(_data, ctx) {
    const now = ctx.clock.now().getTime();
    const kept: Array<[AgedTable, number]> = [
      ['events', ctx.config.retentionEventsDays],
      ['webhook_invocations', ctx.config.retentionInvocationsDays],
    ];
    for (const [table, days] of kept) {
      if (days <= 0) continue;
      const before = new Date(now - days * DAY_MS);
      let removed = 0;
      for (let n = BATCH; n === BATCH; removed += n)
        n = await deleteOlderBatch(ctx.pool, table, before, BATCH);
      if (removed) ctx.log({ table, removed, before }, 'retention sweep removed old rows');
    }
  },
};
