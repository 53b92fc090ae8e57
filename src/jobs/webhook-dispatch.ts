import type PgBoss from 'pg-boss';
import { commitWithoutFlushWait } from '../api/print-mail/webhooks/delivery/async-commit.repo.js';
import { claimFanouts } from '../api/print-mail/webhooks/delivery/outbox.repo.js';
import type { Pool } from '../db/pool.js';
import { withTransaction } from '../db/tx.js';
import { enqueueDeliveries } from './webhook-queue.js';

export const DISPATCH_BATCH = 500;

/**
 * Moves up to DISPATCH_BATCH recorded events from the outbox to delivery jobs, one per event
 * that has subscribers, in one transaction: an event is fanned out exactly once even with
 * several worker processes (they skip each other's rows). Returns how many events it took.
 */
export async function dispatchEvents(pool: Pool, boss: PgBoss): Promise<number> {
  return withTransaction(pool, async (tx) => {
    await commitWithoutFlushWait(tx);
    const { claimed, fanouts } = await claimFanouts(tx, DISPATCH_BATCH);
    await enqueueDeliveries(
      boss,
      tx,
      fanouts.map((f) => ({ data: { ...f, attempt: 1 } })),
    );
    return claimed;
  });
}
