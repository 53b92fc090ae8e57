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
 * forward in tests and anything a lost job missed. Both are safe to repeat. Orders that enter
 * printing are batched once the run has moved them all: asked after each, the assembler could
 * batch a sweep's first orders before the rest had moved, splitting one day's mail in two.
 */
export const advanceOrders: JobDefinition<{ kind?: string; id?: string }> = {
  name: ORDER_JOBS.advance,
  cron: '* * * * *',
  async run(data, ctx) {
    let printing = false;
    if (data.kind && data.id) printing = await advanceOneOrder(ctx, orderKind(data.kind), data.id);
    else
      for (const kind of ORDER_KINDS) {
        for (;;) {
          const ids = await dueOrderIds(ctx.pool, kind, ctx.clock.now(), 200);
          for (const id of ids) if (await advanceOneOrder(ctx, kind, id)) printing = true;
          if (ids.length < 200) break;
        }
      }
    if (printing) await ctx.boss.send(ORDER_JOBS.printBatches, {});
  },
};

/** Moves one order on if it is due; answers whether it entered printing. */
async function advanceOneOrder(ctx: JobContext, kind: OrderKind, id: string): Promise<boolean> {
  const moved = await withTransaction(ctx.pool, (tx) =>
    advanceOrder(tx, kind, id, { now: ctx.clock.now(), signer: ctx.signer }),
  );
  return moved === 'printing';
}
