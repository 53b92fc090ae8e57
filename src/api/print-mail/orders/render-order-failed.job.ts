import { withTransaction } from '../../../db/tx.js';
import type { JobDefinition } from '../../job-definition.js';
import { cancelIfReady } from './cancel-order.js';
import { ORDER_JOBS, type OrderJobData } from './order-jobs.js';
import { orderKind } from './order-kinds.js';
import { lockOrder } from './orders.repo.js';
import { orderCtx } from './render-order.job.js';

/**
 * The render queue's dead-letter queue: a render that failed on every retry (browser down,
 * asset host unreachable for long) cancels its order rather than leaving it ready forever.
 */
export const renderOrderFailed: JobDefinition<OrderJobData> = {
  name: ORDER_JOBS.renderFailed,
  async run({ kind: kindName, id }, ctx) {
    const kind = orderKind(kindName);
    await withTransaction(ctx.pool, async (tx) => {
      const row = await lockOrder(tx, kind, id, null);
      if (!row || row.pdfKey) return;
      const note = 'The PDF could not be rendered after several attempts; create the order again.';
      await cancelIfReady(tx, kind, row, { reason: 'invalid_content', note }, orderCtx(ctx));
    });
    ctx.log({ id }, 'order cancelled: render failed on every retry');
  },
};
