import type { Queryable } from '../../../db/pool.js';
import { listRows } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { OrderKind } from './order-kind.js';
import type { FileKeys } from './order-snapshot.js';
import type { Transition } from './order-status.js';

/**
 * The order SQL that is not about one order's change: signed-link keys for reads, the
 * lifecycle schedule (next_step_at) and the stored transitions.
 */
/** The columns behind an order's signed links, as SQL over the order table aliased `t`. */
export const FILE_KEY_COLUMNS = `t.pdf_key AS "pdfKey", t.content #>> '{pdf,blobKey}' AS "uploadedKey"`;

/**
 * One order's doc (JSON text) with its file keys, read in one statement: read apart, a render
 * committing between the two reads gave a letter with a `url` but not yet its `pageCount`.
 */
export async function orderDocWithKeys(
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  id: string,
): Promise<{ doc: string; keys: { pdfKey: string | null; uploadedKey: string | null } } | undefined> {
  const res = await db.query({
    name: `order-doc-with-keys:${kind.table}`,
    text: `SELECT t.doc::text AS doc, ${FILE_KEY_COLUMNS}
     FROM ${kind.table} t WHERE id = $1 AND org_id = $2 AND live = $3`,
    values: [id, scope.orgId, scope.live],
  });
  const row = res.rows[0];
  return row && { doc: row.doc, keys: { pdfKey: row.pdfKey, uploadedKey: row.uploadedKey } };
}

/** A page of orders, each doc with the file keys behind its signed links, read in one statement. */
export const listOrderRows = (
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  query: ListQuery,
  search: Search | undefined,
) => listRows<FileKeys>(db, kind.table, scope, query, search, [], FILE_KEY_COLUMNS);

/** Drops a schedule that no longer applies (the order moved on by hand). */
export async function clearNextStep(db: Queryable, kind: OrderKind, id: string): Promise<void> {
  await db.query(`UPDATE ${kind.table} SET next_step_at = NULL WHERE id = $1`, [id]);
}

/** Orders whose next automatic step is due, oldest first (ready ones only once rendered). */
export async function dueOrderIds(
  db: Queryable,
  kind: OrderKind,
  now: Date,
  limit: number,
): Promise<string[]> {
  const res = await db.query(
    `SELECT id FROM ${kind.table} WHERE next_step_at <= $1 AND (status <> 'ready' OR pdf_key IS NOT NULL)
     ORDER BY next_step_at LIMIT $2`,
    [now, limit],
  );
  return res.rows.map((r) => r.id);
}

export async function transitionsOf(db: Queryable, kind: OrderKind, id: string): Promise<Transition[]> {
  const res = await db.query(`SELECT transitions FROM ${kind.table} WHERE id = $1`, [id]);
  return res.rows[0]?.transitions ?? [];
}
