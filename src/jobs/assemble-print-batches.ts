import { ORDER_JOBS } from '../api/print-mail/orders/order-jobs.js';
import { assemblePrintBatches } from '../api/print-mail/orders/print-batch-assemble.js';
import type { JobDefinition } from './registry.js';

/**
 * Batches live orders that entered printing. Sent whenever an order moves to printing; the
 * cron run catches anything a crash between that move and the send left behind.
 */
export const assemblePrintBatchesJob: JobDefinition = {
  name: ORDER_JOBS.printBatches,
  cron: '*/5 * * * *',
  work: { pollingIntervalSeconds: 1 },
  async run(_data, ctx) {
    const made = await assemblePrintBatches(ctx.pool, ctx.blobs, ctx.clock.now());
    for (const b of made)
      ctx.log({ batch: b.id, orders: b.orderCount, pages: b.pageCount }, 'print batch ready');
  },
};
