import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Pool, Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import type { BlobStore } from '../../../storage/blob-store.js';

/**
 * Deletes that keep pending mail printable, as the spec's rule for contacts has it ("`to`
 * remains even if the underlying contact is deleted"). A resource whose data an order reads
 * when it renders, not at its create (a bank account's sealed number and signature image, an
 * order profile's PDFs), declares it here. Its delete then always succeeds and its row leaves
 * its table at once, so it is gone from retrieve, list, search and from new orders (a new
 * order naming it gets the usual 400); what orders read stays where they read it, named by a
 * row of kept_for_orders, until no order that is still to print needs it. Then the sweep
 * (api/print-mail/documents/sweep-kept-for-orders.job.ts) removes it: queued by the delete itself (so at once when
 * nothing waits), and every few minutes for what waited for orders to print or be cancelled.
 *
 * An order create that read the resource before a concurrent delete must not be missed by the
 * sweep: a cheque's create holds its bank account (a FOR KEY SHARE claim in its create
 * statement, so the delete waits for it or it is refused), a campaign's send holds its profile
 * for each page; the sweep's check then sees their orders.
 */
export interface KeptForOrders<Doc = any> {
  /** The doc's files that its orders may read when they render. */
  files(doc: Doc): string[];
  /** Whether an order still to print or render (stillToPrint) may read what was kept. */
  needed(db: Queryable, kept: KeptRow): Promise<boolean>;
  /** A file that orders answer for themselves (a letter's uploadedPDF) stays with them. */
  answeredByOrders?(db: Queryable, kept: KeptRow, key: string): Promise<boolean>;
  /** Removes what was kept under the id in other tables (a sealed number), in the sweep's transaction. */
  dropRows?(db: Queryable, kept: KeptRow): Promise<void>;
}

/** One deleted resource's leftovers. */
export interface KeptRow {
  id: string;
  orgId: string;
  live: boolean;
  object: string;
  blobKeys: string[];
  /** When the resource was made (ISO time: the pool reads timestamps as text); no older order can use it. */
  createdAt: string;
}

/** The sweep's queue; its worker is api/print-mail/documents/sweep-kept-for-orders.job.ts. */
export const KEPT_FOR_ORDERS_JOB = 'sweep-kept-for-orders';

/**
 * SQL over an order table: the orders that may still be rendered or printed. Ready ones (the
 * PDF may not be made yet, or made again by a retry) and printing ones (a print batch renders
 * a missing companion again). A test order can be progressed by hand before its PDF is made,
 * and is rendered all the same, so in test mode any order not cancelled without a PDF counts.
 */
export const stillToPrint = (live: boolean): string =>
  live
    ? `status IN ('ready', 'printing')`
    : `(status IN ('ready', 'printing') OR (pdf_key IS NULL AND status <> 'cancelled'))`;

/**
 * In the delete's transaction, once the row is gone: records what the deleted doc leaves for
 * orders and queues the sweep of it, which commits with the delete.
 */
export async function keepForOrders(
  tx: pg.PoolClient,
  boss: PgBoss,
  scope: Scope,
  doc: { id: string; object: string; createdAt: string },
  kept: KeptForOrders,
  now: Date,
): Promise<void> {
  const files = kept.files(doc);
  if (files.length === 0 && !kept.dropRows) return;
  await tx.query(
    `INSERT INTO kept_for_orders (id, org_id, live, object, blob_keys, created_at, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [doc.id, scope.orgId, scope.live, doc.object, files, doc.createdAt, now],
  );
  await tx.query(await jobInsertStatement(boss, [{ name: KEPT_FOR_ORDERS_JOB, data: { id: doc.id } }]));
}

const KEPT_COLUMNS = `id, org_id AS "orgId", live, object, blob_keys AS "blobKeys", created_at AS "createdAt"`;

/**
 * Removes what deleted resources left that no order still needs: one of them (`only`), or all.
 * Each in its own transaction, its row locked (SKIP LOCKED: concurrent sweeps share the work):
 * files first, then the rows, so a sweep that fails half way leaves the row to the next one.
 */
export async function sweepKept(
  pool: Pool,
  blobs: BlobStore,
  kinds: ReadonlyMap<string, KeptForOrders>,
  only?: string,
): Promise<{ removed: number; waiting: number }> {
  const ids: string[] = only
    ? [only]
    : (await pool.query('SELECT id FROM kept_for_orders ORDER BY deleted_at, id')).rows.map((r) => r.id);
  const done = { removed: 0, waiting: 0 };
  for (const id of ids) {
    await withTransaction(pool, async (tx) => {
      const res = await tx.query(
        `SELECT ${KEPT_COLUMNS} FROM kept_for_orders WHERE id = $1 FOR UPDATE SKIP LOCKED`,
        [id],
      );
      const row: KeptRow | undefined = res.rows[0];
      const kind = row && kinds.get(row.object);
      if (!row || !kind) return;
      if (await kind.needed(tx, row)) {
        done.waiting++;
        return;
      }
      for (const key of row.blobKeys)
        if (!(await kind.answeredByOrders?.(tx, row, key))) await blobs.delete(key);
      await kind.dropRows?.(tx, row);
      await tx.query('DELETE FROM kept_for_orders WHERE id = $1', [id]);
      done.removed++;
    });
  }
  return done;
}
