import type { Queryable } from '../../../db/pool.js';
import type { OrderKind } from './order-kind.js';

/** A batch as the print shop sees it: one press setup, one combined PDF, one manifest. */
export interface PrintBatch {
  id: string;
  orderKind: string;
  size: string;
  color: boolean;
  doubleSided: boolean;
  mailingClass: string;
  orderCount: number;
  pageCount: number;
  pdfKey: string;
  manifestCsvKey: string;
  manifestJsonKey: string;
  status: 'ready_for_print' | 'handed_over';
  createdAt: string;
  handedOverAt: string | null;
}

const COLUMNS = `id, order_kind AS "orderKind", size, color, double_sided AS "doubleSided",
  mailing_class AS "mailingClass", order_count AS "orderCount", page_count AS "pageCount",
  pdf_key AS "pdfKey", manifest_csv_key AS "manifestCsvKey", manifest_json_key AS "manifestJsonKey",
  status, created_at AS "createdAt", handed_over_at AS "handedOverAt"`;

/** Live orders in printing that no batch holds yet, locked so two assemblers never share one. */
export async function claimUnbatched(db: Queryable, kind: OrderKind, limit: number) {
  const res = await db.query(
    `SELECT id, org_id AS "orgId", doc, pdf_key AS "pdfKey" FROM ${kind.table}
     WHERE status = 'printing' AND live AND print_batch_id IS NULL
     ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return res.rows as Array<{ id: string; orgId: string; doc: Record<string, any>; pdfKey: string }>;
}

export async function insertBatch(db: Queryable, kind: OrderKind, batch: PrintBatch, orderIds: string[]) {
  await db.query(
    `INSERT INTO print_batches (id, order_kind, size, color, double_sided, mailing_class, order_count,
       page_count, pdf_key, manifest_csv_key, manifest_json_key, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      batch.id,
      batch.orderKind,
      batch.size,
      batch.color,
      batch.doubleSided,
      batch.mailingClass,
      batch.orderCount,
      batch.pageCount,
      batch.pdfKey,
      batch.manifestCsvKey,
      batch.manifestJsonKey,
      batch.status,
      batch.createdAt,
    ],
  );
  await db.query(`UPDATE ${kind.table} SET print_batch_id = $1 WHERE id = ANY($2)`, [batch.id, orderIds]);
}

export async function listBatches(db: Queryable, limit = 100): Promise<PrintBatch[]> {
  const res = await db.query(
    `SELECT ${COLUMNS} FROM print_batches ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return res.rows;
}

export async function lockBatch(db: Queryable, id: string): Promise<PrintBatch | undefined> {
  const res = await db.query(`SELECT ${COLUMNS} FROM print_batches WHERE id = $1 FOR UPDATE`, [id]);
  return res.rows[0];
}

export async function markHandedOver(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query(`UPDATE print_batches SET status = 'handed_over', handed_over_at = $2 WHERE id = $1`, [
    id,
    at,
  ]);
}

export async function batchOrderIds(db: Queryable, kind: OrderKind, batchId: string): Promise<string[]> {
  const res = await db.query(
    `SELECT id FROM ${kind.table} WHERE print_batch_id = $1 ORDER BY created_at, id`,
    [batchId],
  );
  return res.rows.map((r) => r.id);
}
