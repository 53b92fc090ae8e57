import type PgBoss from 'pg-boss';
import { claimFanouts, dropUnsubscribed } from '../api/print-mail/webhooks/delivery/outbox.repo.js';
import type { Pool } from '../db/pool.js';
import { withTransaction } from '../db/tx.js';
import { enqueueDeliveries } from './webhook-queue.js';

export const DISPATCH_BATCH = 500;

/**
 * Moves up to DISPATCH_BATCH recorded events from the outbox to delivery jobs, one per event
 * that has subscribers: an event is fanned out exactly once even with several worker processes
 * (they skip each other's rows). Events nobody subscribes to are dropped first in one
 * statement; only when some have subscribers does a transaction claim them and enqueue their
 * deliveries together. Without webhooks an event thus costs the dispatcher one round trip, not
 * four (BEGIN, claim, COMMIT, and a delivery fetch that found nothing).
 * Returns how many events it took from the outbox and how many delivery jobs it enqueued.
 */
export async function dispatchEvents(pool: Pool, boss: PgBoss): Promise<{ taken: number; enqueued: number }> {
  const { dropped, subscribed } = await dropUnsubscribed(pool, DISPATCH_BATCH);
  if (subscribed === 0) return { taken: dropped, enqueued: 0 };
  const { claimed, fanouts } = await withTransaction(
    pool,
    async (tx) => {
      const claim = await claimFanouts(tx, DISPATCH_BATCH - dropped);
      await enqueueDeliveries(
        boss,
        tx,
        claim.fanouts.map((f) => ({ data: { ...f, attempt: 1 } })),
      );
      return claim;
    },
    { waitForFlush: false },
  );
  return { taken: dropped + claimed, enqueued: fanouts.length };
}
