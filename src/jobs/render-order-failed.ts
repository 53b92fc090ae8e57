import { cancelIfReady } from '../api/print-mail/orders/cancel-order.js';
import { ORDER_JOBS, type OrderJobData } from '../api/print-mail/orders/order-jobs.js';
import { orderKind } from '../api/print-mail/orders/order-kinds.js';
import { lockOrder } from '../api/print-mail/orders/orders.repo.js';
import { withTransaction } from '../db/tx.js';
import type { JobDefinition } from './registry.js';
import { orderCtx } from './render-order.js';

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
