import type pg from 'pg';
import { changeOrder, type OrderContext } from './order-change.js';
import type { OrderKind } from './order-kind.js';
import { clearNextStep } from './order-schedule.repo.js';
import type { OrderStatus } from './order-status.js';
import { lockOrder, type OrderRow } from './orders.repo.js';

/**
 * The automatic lifecycle step of one order, if it is due (next_step_at <= now):
 *   ready (rendered)        live → printing (a print batch picks it up); test → completed,
 *                           the moment a live order would start printing
 *   processed_for_delivery  → completed (DELIVERY_ALLOWANCE_MS after the hand-off)
 * A ready order without its PDF yet waits; the render job calls this again when it is done.
 * Returns the new status, or undefined when nothing moved.
 */
export async function advanceOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  id: string,
  ctx: OrderContext,
): Promise<OrderStatus | undefined> {
  const row = await lockOrder(tx, kind, id, null);
  return row ? advanceLockedOrder(tx, kind, row, ctx) : undefined;
}

/** Whether the order's next automatic step is due at `now`. */
export const stepDue = (row: OrderRow, now: Date): boolean =>
  row.nextStepAt !== null && new Date(row.nextStepAt) <= now;

/** advanceOrder for a row the caller has locked in this transaction (and kept up to date). */
export async function advanceLockedOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  ctx: OrderContext,
): Promise<OrderStatus | undefined> {
  const id = row.id;
  if (!stepDue(row, ctx.now)) return undefined;
  let to: OrderStatus | undefined;
  if (row.status === 'ready') {
    if (!row.pdfKey) return undefined;
    // Nothing is printed in test mode, nor for an order that is never printed (digital-only).
    to = row.live && (kind.print.printed?.(row.doc) ?? true) ? 'printing' : 'completed';
  } else if (row.status === 'processed_for_delivery') {
    to = 'completed';
  }
  if (!to) {
    await clearNextStep(tx, kind, id);
    return undefined;
  }
  await changeOrder(tx, kind, row, { status: to, cause: 'schedule', nextStepAt: null }, ctx);
  return to;
}
