import type { JobDefinition } from '../../job-definition.js';
import { ORDER_JOBS } from './order-jobs.js';
import { readOrder } from './orders.repo.js';
import { assemblePrintBatches } from './print-batch-assemble.js';
import { renderJobContext } from './render-order.job.js';

/**
 * Batches live orders that entered printing. Sent whenever an order moves to printing; the
 * cron run catches anything a crash between that move and the send left behind.
 */
export const assemblePrintBatchesJob: JobDefinition = {
  name: ORDER_JOBS.printBatches,
  cron: '*/5 * * * *',
  makesPdfs: true,
  async run(_data, ctx) {
    const made = await assemblePrintBatches(ctx.pool, ctx.blobs, ctx.clock.now(), async (kind, id, name) => {
      const row = await readOrder(ctx.pool, kind, id);
      const file =
        row &&
        (await ctx.renderer.render(await kind.renderJob(row, await renderJobContext(ctx, row)))).companions[
          name
        ];
      if (!file) throw new Error(`${kind.name} ${id} has a ${name} but none could be rendered`);
      ctx.log({ id, name }, 'companion file was missing: rendered again for its print batch');
      return file;
    });
    for (const b of made)
      ctx.log({ batch: b.id, orders: b.orderCount, pages: b.pageCount }, 'print batch ready');
  },
};
