import type pg from 'pg';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { recordEvent } from '../events/record-event.js';
import type { OrderKind } from './order-kinds.js';
import { snapshotOf } from './order-snapshot.js';
import type { OrderStatus, TransitionCause } from './order-status.js';
import { type OrderRow, updateOrder } from './orders.repo.js';

export interface OrderContext {
  now: Date;
  signer: UrlSigner;
}

export interface Change {
  /** A new status, recorded as a transition with its time and cause. */
  status?: OrderStatus;
  cause?: TransitionCause;
  /** Client-visible fields to set (each is named in the event's updatedFields). */
  fields?: Record<string, unknown>;
  nextStepAt?: Date | null;
  pdfKey?: string;
}

/**
 * The one way an order changes after its create: the row, its transitions and the
 * `<kind>.updated` event, all in the caller's transaction. Returns the new snapshot.
 */
export async function changeOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  change: Change,
  ctx: OrderContext,
): Promise<Record<string, unknown> & { id: string }> {
  const at = ctx.now.toISOString();
  const status = change.status ?? row.status;
  const doc = { ...row.doc, ...change.fields, status, updatedAt: at };
  const updatedFields = [
    ...(status !== row.status ? ['status'] : []),
    ...Object.keys(change.fields ?? {}),
    ...(change.pdfKey && !row.pdfKey ? ['url'] : []),
  ];
  await updateOrder(tx, kind, row.id, {
    doc,
    status,
    updatedAt: at,
    nextStepAt: change.nextStepAt,
    pdfKey: change.pdfKey,
    transition:
      status !== row.status
        ? { from: row.status, to: status, at, cause: change.cause ?? 'schedule' }
        : undefined,
  });
  const keys = { pdfKey: change.pdfKey ?? row.pdfKey, uploadedKey: row.content?.pdf?.blobKey };
  const snapshot = snapshotOf(doc, keys, ctx.signer);
  await recordEvent(
    tx,
    { orgId: row.orgId, live: row.live },
    { type: kind.updated, data: snapshot, updatedFields },
    ctx.now,
  );
  Object.assign(row, { doc, status, pdfKey: keys.pdfKey });
  return snapshot;
}
