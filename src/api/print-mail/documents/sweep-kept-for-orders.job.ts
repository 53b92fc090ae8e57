import type { JobDefinition } from '../../job-definition.js';
import { KEPT_FOR_ORDERS } from '../kept-resources.js';
import { KEPT_FOR_ORDERS_JOB, sweepKept } from './kept-for-orders.js';

/**
 * Removes what deleted resources left for their orders still to print (a bank account's sealed
 * number and signature image, an order profile's PDFs) once no such order needs it. A delete
 * queues it for its own resource (`id`), so what no order waits for goes at once; the cron run
 * goes through every one left, for those whose last order has since printed or been cancelled.
 */
export const sweepKeptForOrders: JobDefinition<{ id?: string }> = {
  name: KEPT_FOR_ORDERS_JOB,
  cron: '*/5 * * * *',
  async run(data, ctx) {
    const { removed, waiting } = await sweepKept(ctx.pool, ctx.blobs, KEPT_FOR_ORDERS, data.id);
    if (removed) ctx.log({ removed, waiting }, 'what deleted resources kept for their orders is removed');
  },
};
