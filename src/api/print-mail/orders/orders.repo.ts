import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';
import type { OrderKind } from './order-kind.js';
import type { OrderStatus, Transition } from './order-status.js';

/** An order row as the order machinery sees it (the doc plus the columns outside it). */
export interface OrderRow {
  id: string;
  orgId: string;
  live: boolean;
  status: OrderStatus;
  doc: Record<string, unknown> & { id: string };
  content: Record<string, any>;
  pdfKey: string | null;
  nextStepAt: string | null;
  printBatchId: string | null;
}

const COLUMNS = `id, org_id AS "orgId", live, status, doc, content, pdf_key AS "pdfKey",
  next_step_at AS "nextStepAt", print_batch_id AS "printBatchId"`;

export interface NewOrder {
  doc: OrderRow['doc'] & { createdAt: string };
  searchText: string;
  content: object;
  nextStepAt: Date;
  transitions: Transition[];
}

/** The insert of a new order (status `ready`), to send alone or as part of a composed statement. */
export function insertOrderStatement(kind: OrderKind, scope: Scope, row: NewOrder): Statement {
  return {
    text: `INSERT INTO ${kind.table} (id, org_id, live, status, doc, search_text, content, next_step_at, transitions, created_at, updated_at)
     VALUES ($1, $2, $3, 'ready', $4, $5, $6, $7, $8, $9, $9)`,
    values: [
      row.doc.id,
      scope.orgId,
      scope.live,
      row.doc,
      row.searchText,
      row.content,
      row.nextStepAt,
      JSON.stringify(row.transitions),
      row.doc.createdAt,
    ],
  };
}

/**
 * The insert of many new orders of one kind, organization and mode (status `ready`) as one
 * statement: their rows go as one JSON parameter, so the text is the same whatever their number.
 */
export function insertOrdersStatement(kind: OrderKind, scope: Scope, rows: NewOrder[]): Statement {
  const records = rows.map((row) => ({
    id: row.doc.id,
    doc: row.doc,
    search_text: row.searchText,
    content: row.content,
    next_step_at: row.nextStepAt,
    transitions: row.transitions,
    created_at: row.doc.createdAt,
  }));
  return {
    text: `INSERT INTO ${kind.table} (id, org_id, live, status, doc, search_text, content, next_step_at, transitions, created_at, updated_at)
     SELECT r.id, $2, $3, 'ready', r.doc, r.search_text, r.content, r.next_step_at, r.transitions, r.created_at, r.created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, doc jsonb, search_text text, content jsonb,
                                               next_step_at timestamptz, transitions jsonb, created_at timestamptz)`,
    values: [JSON.stringify(records), scope.orgId, scope.live],
  };
}

/** Locks one order for a change in the caller's transaction; scope null is for jobs and the CLI. */
export async function lockOrder(
  db: Queryable,
  kind: OrderKind,
  id: string,
  scope: Scope | null,
): Promise<OrderRow | undefined> {
  const params: unknown[] = [id];
  let where = 'id = $1';
  if (scope) {
    params.push(scope.orgId, scope.live);
    where += ' AND org_id = $2 AND live = $3';
  }
  const res = await db.query(`SELECT ${COLUMNS} FROM ${kind.table} WHERE ${where} FOR UPDATE`, params);
  return res.rows[0];
}

/**
 * One order as it is now, unlocked, with `version` (the row version's xmin): a change written
 * without a lock (updateOrderStatement with ifVersion) applies only if nothing changed it since.
 */
export async function readOrder(
  db: Queryable,
  kind: OrderKind,
  id: string,
): Promise<(OrderRow & { version: string }) | undefined> {
  const res = await db.query({
    name: `read-order:${kind.table}`,
    text: `SELECT ${COLUMNS}, xmin::text AS version FROM ${kind.table} WHERE id = $1`,
    values: [id],
  });
  return res.rows[0];
}

export interface OrderChange {
  doc: OrderRow['doc'];
  status: OrderStatus;
  updatedAt: string;
  /** undefined leaves the column as it is. */
  nextStepAt?: Date | null;
  pdfKey?: string;
  transition?: Transition;
}

/**
 * The update of one order. With `ifVersion` it changes the row only while it is still that
 * version (readOrder), else nothing: the caller checks the count (RETURNING id).
 */
export function updateOrderStatement(
  kind: OrderKind,
  id: string,
  change: OrderChange,
  ifVersion?: string,
): Statement {
  return {
    text: `UPDATE ${kind.table} SET doc = $2, status = $3, updated_at = $4,
       next_step_at = CASE WHEN $5 THEN $6::timestamptz ELSE next_step_at END,
       pdf_key = coalesce($7, pdf_key),
       transitions = CASE WHEN $8::jsonb IS NULL THEN transitions ELSE transitions || $8::jsonb END
     WHERE id = $1 AND ($9::text IS NULL OR xmin = $9::xid)
     RETURNING id`,
    values: [
      id,
      change.doc,
      change.status,
      change.updatedAt,
      change.nextStepAt !== undefined,
      change.nextStepAt ?? null,
      change.pdfKey ?? null,
      change.transition ? JSON.stringify([change.transition]) : null,
      ifVersion ?? null,
    ],
  };
}
