import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { type Change, changeOrder, type OrderContext } from './order-change.js';
import type { OrderKind } from './order-kind.js';
import type { CancelReason, TransitionCause } from './order-status.js';
import { lockOrder, type OrderRow } from './orders.repo.js';

export interface Cancellation {
  reason: CancelReason;
  note?: string;
  cancelledByUser?: string;
}

const CAUSES: Record<CancelReason, TransitionCause> = {
  user_initiated: 'cancellation',
  invalid_content: 'render_failed',
  invalid_order_mailing_class: 'mailing_class_refused',
};

export function cancellationChange(cancellation: Cancellation): Change {
  return {
    status: 'cancelled',
    cause: CAUSES[cancellation.reason],
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
  return cancelLocked(tx, kind, row, cancellation, ctx);
}

/** The cancellation of a locked ready order: its change and event, and what it took given back. */
async function cancelLocked(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  cancellation: Cancellation,
  ctx: OrderContext,
) {
  await kind.release?.(tx, row, ctx.now);
  return changeOrder(tx, kind, row, cancellationChange(cancellation), ctx);
}

/**
 * A locked order cancelled by something other than its own DELETE, if it is still ready (later
 * ones go on): by a job when it cannot be made (invalid_content when its content cannot be
 * rendered, invalid_order_mailing_class when its class cannot post it), or with something the
 * user cancelled (a deleted campaign's orders, user_initiated with a note naming it).
 */
export async function cancelIfReady(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  cancellation: Cancellation,
  ctx: OrderContext,
) {
  if (row.status !== 'ready') return;
  await cancelLocked(tx, kind, row, cancellation, ctx);
}
