import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { composeStatement, type NamedStatement, queryUnlessExpectationFails } from '../../../db/statement.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { type EventDoc, eventOf, eventWriteParts } from '../events/record-event.js';
import { wakeDispatchersAfterCommit, wakeDispatchersCommitted } from '../webhooks/delivery/outbox.repo.js';
import type { OrderKind } from './order-kind.js';
import { snapshotOf } from './order-snapshot.js';
import type { OrderStatus, TransitionCause } from './order-status.js';
import { type OrderChange, type OrderRow, updateOrderStatement } from './orders.repo.js';

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
  /** Other rows the change writes in its statement (a render's barcode: tracking/imb-barcodes.repo.ts). */
  also?: NamedStatement[];
}

/** What a change writes, worked out from the row as the caller has it. */
interface PlannedChange {
  update: OrderChange;
  event: EventDoc;
  snapshot: Record<string, unknown> & { id: string };
  also: NamedStatement[];
}

function planChange(kind: OrderKind, row: OrderRow, change: Change, ctx: OrderContext): PlannedChange {
  const at = ctx.now.toISOString();
  const status = change.status ?? row.status;
  const doc = { ...row.doc, ...change.fields, status, updatedAt: at };
  const updatedFields = [
    ...(status !== row.status ? ['status'] : []),
    ...Object.keys(change.fields ?? {}),
    ...(change.pdfKey && !row.pdfKey ? ['url'] : []),
  ];
  const update: OrderChange = {
    doc,
    status,
    updatedAt: at,
    nextStepAt: change.nextStepAt,
    pdfKey: change.pdfKey,
    transition:
      status !== row.status
        ? { from: row.status, to: status, at, cause: change.cause ?? 'schedule' }
        : undefined,
  };
  const keys = { pdfKey: change.pdfKey ?? row.pdfKey, uploadedKey: row.content?.pdf?.blobKey };
  const snapshot = snapshotOf(doc, keys, ctx.signer);
  const scope = { orgId: row.orgId, live: row.live };
  const event = eventOf(scope, { type: kind.updated, data: snapshot, updatedFields }, ctx.now);
  return { update, event, snapshot, also: change.also ?? [] };
}

/** The row update and its `<kind>.updated` event (and webhook queue entry) as one statement. */
function changeStatement(kind: OrderKind, row: OrderRow, plan: PlannedChange, ifVersion?: string) {
  return composeStatement(
    [
      { name: 'changed', statement: updateOrderStatement(kind, row.id, plan.update, ifVersion) },
      ...eventWriteParts(row.orgId, plan.event),
      ...plan.also,
    ],
    {
      text: `SELECT postroom_expect((SELECT count(*) FROM changed) = 1, 'the order unchanged since it was read')`,
      values: [],
    },
  );
}

/** Keeps the caller's row what the database now holds. */
function applyToRow(row: OrderRow, plan: PlannedChange): void {
  Object.assign(row, {
    doc: plan.update.doc,
    status: plan.update.status,
    pdfKey: plan.update.pdfKey ?? row.pdfKey,
  });
}

/**
 * The one way an order changes after its create: the row, its transitions and the
 * `<kind>.updated` event, all in the caller's transaction (which has the row locked).
 * Returns the new snapshot and keeps `row` current.
 */
export async function changeOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  row: OrderRow,
  change: Change,
  ctx: OrderContext,
): Promise<Record<string, unknown> & { id: string }> {
  const plan = planChange(kind, row, change, ctx);
  await tx.query(changeStatement(kind, row, plan));
  await wakeDispatchersAfterCommit(tx);
  applyToRow(row, plan);
  return plan.snapshot;
}

/**
 * changeOrder without a transaction or a lock, for a row read unlocked (readOrder): one
 * statement that writes the change and its event only if the row is still the version that
 * was read. One round trip instead of BEGIN, lock, update, event and COMMIT, which matters to
 * the render job that runs beside a busy API. False, with nothing written, when the row
 * changed meanwhile; the caller then locks it and decides again.
 */
export async function changeOrderIfUnchanged(
  pool: Pool,
  kind: OrderKind,
  row: OrderRow & { version: string },
  change: Change,
  ctx: OrderContext,
): Promise<boolean> {
  const plan = planChange(kind, row, change, ctx);
  if (!(await queryUnlessExpectationFails(pool, changeStatement(kind, row, plan, row.version)))) return false;
  wakeDispatchersCommitted(pool);
  applyToRow(row, plan);
  return true;
}
