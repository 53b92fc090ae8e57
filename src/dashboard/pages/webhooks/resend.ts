import type PgBoss from 'pg-boss';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { enqueueDeliveries } from '../../../jobs/webhook-queue.js';

/**
 * Sends one event to one webhook again, now: a delivery job like a retry's, on the queue the
 * delivery workers already take (its invocation appears in the list when it is done). Numbered
 * past the retry schedule, so a failure is recorded and not retried by itself.
 */
export async function resendEvent(
  pool: Pool,
  boss: PgBoss,
  webhookId: string,
  eventId: string,
  retryDelaysSec: readonly number[],
): Promise<void> {
  await withTransaction(pool, (tx) =>
    enqueueDeliveries(boss, tx, [
      {
        data: { eventId, webhookIds: [webhookId], orderId: null, seq: 0, attempt: retryDelaysSec.length + 1 },
      },
    ]),
  );
}
