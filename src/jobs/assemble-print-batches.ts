import { renderStoredLetter } from '../api/print-mail/letters/letter-render.js';
import { ORDER_JOBS } from '../api/print-mail/orders/order-jobs.js';
import { readOrder } from '../api/print-mail/orders/orders.repo.js';
import { assemblePrintBatches } from '../api/print-mail/orders/print-batch-assemble.js';
import type { JobDefinition } from './registry.js';

/**
 * Batches live orders that entered printing. Sent whenever an order moves to printing; the
 * cron run catches anything a crash between that move and the send left behind.
 */
export const assemblePrintBatchesJob: JobDefinition = {
  name: ORDER_JOBS.printBatches,
  cron: '*/5 * * * *',
  makesPdfs: true,
  work: { pollingIntervalSeconds: 1 },
  async run(_data, ctx) {
    const made = await assemblePrintBatches(ctx.pool, ctx.blobs, ctx.clock.now(), async (kind, id) => {
      const row = await readOrder(ctx.pool, kind, id);
      const card = row && (await renderStoredLetter(row, ctx.blobs, ctx.renderer)).card;
      if (!card) throw new Error(`${kind.name} ${id} has a plastic card but none could be rendered`);
      ctx.log({ id }, 'plastic card file was missing: rendered again for its print batch');
      return card.pdf;
    });
    for (const b of made)
      ctx.log({ batch: b.id, orders: b.orderCount, pages: b.pageCount }, 'print batch ready');
  },
};
