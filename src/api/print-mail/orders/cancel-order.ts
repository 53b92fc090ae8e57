import type pg from 'pg';
import type { Scope } from '../../../platform/auth/authenticate.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { type Change, changeOrder, type OrderContext } from './order-change.js';
import type { OrderKind } from './order-kinds.js';
import type { CancelReason } from './order-status.js';
import { lockOrder, type OrderRow } from './orders.repo.js';

export interface Cancellation {
  reason: CancelReason;
  note?: string;
  cancelledByUser?: string;
}

export function cancellationChange(cancellation: Cancellation): Change {
  return {
    status: 'cancelled',
    cause: cancellation.reason === 'user_initiated' ? 'cancellation' : 'render_failed',
    fields: { cancellation },
    nextStepAt: null,
  };
}

/** Cancels a caller's order; only `ready` orders can be cancelled (422 otherwise). */
export async function cancelOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  scope: Scope,
  id: string,
  cancellation: Cancellation,
  ctx: OrderContext,
) {
  const row = await lockOrder(tx, kind, id, scope);
  if (!row) throw notFound(kind.name, id);
  if (row.status !== 'ready') {
    throw apiError(
      'order_not_cancellable_error',
      `Only ready orders can be cancelled; this ${kind.name} is ${row.status.replaceAll('_', ' ')}.`,
    );
  }
  return changeOrder(tx, kind, row, cancellationChange(cancellation), ctx);
}

/** A render that cannot succeed cancels the order with reason invalid_content (jobs). */
export async function cancelForContent(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  note: string,
  ctx: OrderContext,
) {
  if (row.status !== 'ready') return;
  await changeOrder(tx, kind, row, cancellationChange({ reason: 'invalid_content', note }), ctx);
}
