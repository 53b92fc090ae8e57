import { withTransaction } from '../../../db/tx.js';
import type { JobContext, JobDefinition } from '../../job-definition.js';
import { advanceOrder } from './advance-order.js';
import { ORDER_JOBS } from './order-jobs.js';
import type { OrderKind } from './order-kind.js';
import { ORDER_KINDS, orderKind } from './order-kinds.js';
import { dueOrderIds } from './order-schedule.repo.js';

/**
 * Moves orders along their schedule. Each order enqueues one of these at its print time
 * ({kind, id}); the cron run (no data) sweeps every due order, which covers a clock moved
 * forward in tests and anything a lost job missed. Both are safe to repeat.
 */
export const advanceOrders: JobDefinition<{ kind?: string; id?: string }> = {
  name: ORDER_JOBS.advance,
  cron: '* * * * *',
  work: { pollingIntervalSeconds: 0.5 },
  async run(data, ctx) {
    if (data.kind && data.id) return advanceOneOrder(ctx, orderKind(data.kind), data.id);
    for (const kind of ORDER_KINDS) {
      for (;;) {
        const ids = await dueOrderIds(ctx.pool, kind, ctx.clock.now(), 200);
        for (const id of ids) await advanceOneOrder(ctx, kind, id);
        if (ids.length < 200) break;
      }
    }
  },
};

export async function advanceOneOrder(ctx: JobContext, kind: OrderKind, id: string): Promise<void> {
  const moved = await withTransaction(ctx.pool, (tx) =>
    advanceOrder(tx, kind, id, { now: ctx.clock.now(), signer: ctx.signer }),
  );
  if (moved === 'printing') await ctx.boss.send(ORDER_JOBS.printBatches, {});
}
