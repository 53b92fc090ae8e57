import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { changeOrder, type OrderContext } from './order-change.js';
import { orderKind } from './order-kinds.js';
import { DELIVERY_ALLOWANCE_MS } from './order-status.js';
import { lockOrder } from './orders.repo.js';
import { batchOrderIds, lockBatch, markHandedOver } from './print-batches.repo.js';

export class HandOverError extends Error {}

/**
 * The print shop handed a batch to the carrier: its orders move printing →
 * processed_for_delivery (each with its event), and are scheduled to complete after the
 * delivery allowance. One transaction, so a batch is handed over entirely or not at all.
 */
export async function handOverBatch(pool: Pool, batchId: string, ctx: OrderContext): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new HandOverError(`no print batch ${batchId}`);
    if (batch.status === 'handed_over')
      throw new HandOverError(`print batch ${batchId} was already handed over at ${batch.handedOverAt}`);
    const kind = orderKind(batch.orderKind);
    const completeAt = new Date(ctx.now.getTime() + DELIVERY_ALLOWANCE_MS);
    let moved = 0;
    for (const id of await batchOrderIds(tx, kind, batchId)) {
      const row = await lockOrder(tx, kind, id, null);
      if (row?.status !== 'printing') continue;
      await changeOrder(
        tx,
        kind,
        row,
        { status: 'processed_for_delivery', cause: 'print_hand_off', nextStepAt: completeAt },
        ctx,
      );
      moved++;
    }
    await markHandedOver(tx, batchId, ctx.now);
    return moved;
  });
}
