import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { changeOrder, type OrderContext } from './order-change.js';
import { orderKind } from './order-kinds.js';
import { DELIVERY_ALLOWANCE_MS } from './order-status.js';
import { lockOrder } from './orders.repo.js';
import { readTrackingFile } from './print-batch-tracking.js';
import { batchOrderIds, lockBatch, markHandedOver } from './print-batches.repo.js';

export class HandOverError extends Error {}

/**
 * The print shop handed a batch to the carrier: its orders move printing →
 * processed_for_delivery (each with its event), and are scheduled to complete after the
 * delivery allowance. With `trackingFile` (the manifest, its trackingNumber column filled as
 * the shop posted the pieces), each order's number is recorded in the same change and its
 * one event names both. One transaction, and the file is checked whole first: a batch is
 * handed over entirely with all its numbers, or, on a bad line (TrackingFileError, naming
 * it) or any other failure, not at all.
 */
export async function handOverBatch(
  pool: Pool,
  batchId: string,
  ctx: OrderContext,
  trackingFile?: AsyncIterable<Uint8Array>,
): Promise<{ moved: number; trackingNumbers: number }> {
  return withTransaction(pool, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new HandOverError(`no print batch ${batchId}`);
    if (batch.status === 'handed_over')
      throw new HandOverError(`print batch ${batchId} was already handed over at ${batch.handedOverAt}`);
    const kind = orderKind(batch.orderKind);
    const numbers = new Map<string, string>();
    if (trackingFile)
      for (const t of (await readTrackingFile(tx, kind, batchId, trackingFile)).numbers)
        numbers.set(t.row.id, t.number);
    const completeAt = new Date(ctx.now.getTime() + DELIVERY_ALLOWANCE_MS);
    let [moved, trackingNumbers] = [0, 0];
    for (const id of await batchOrderIds(tx, kind, batchId)) {
      const row = await lockOrder(tx, kind, id, null);
      if (!row) continue;
      const number = numbers.get(id);
      const fields = number && number !== row.doc.trackingNumber ? { trackingNumber: number } : undefined;
      const handOver = row.status === 'printing';
      if (!handOver && !fields) continue;
      await changeOrder(
        tx,
        kind,
        row,
        handOver
          ? { status: 'processed_for_delivery', cause: 'print_hand_off', nextStepAt: completeAt, fields }
          : { fields },
        ctx,
      );
      if (handOver) moved++;
      if (fields) trackingNumbers++;
    }
    await markHandedOver(tx, batchId, ctx.now);
    return { moved, trackingNumbers };
  });
}
