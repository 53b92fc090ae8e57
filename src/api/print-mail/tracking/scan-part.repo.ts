import type { Queryable } from '../../../db/pool.js';
import { stageTable } from './scan-stage.repo.js';

/**
 * The next part of an import nobody is applying, locked until this transaction ends (undefined:
 * none). A part another process holds is skipped, not waited for: see waitForParts.
 */
export async function claimPart(tx: Queryable, importId: string): Promise<number | undefined> {
  const res = await tx.query(
    `SELECT part FROM imb_import_parts WHERE import_id = $1 AND applied_at IS NULL
     ORDER BY part LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [importId],
  );
  return res.rows[0]?.part;
}

/**
 * Waits while another process applies a part of the import (its lock held); answers whether
 * any part is still to apply (one whose process stopped).
 */
export async function waitForParts(db: Queryable, importId: string): Promise<boolean> {
  const res = await db.query(
    'SELECT part FROM imb_import_parts WHERE import_id = $1 AND applied_at IS NULL FOR UPDATE',
    [importId],
  );
  return res.rows.length > 0;
}

/** Imports staged and not wholly applied, oldest first: what the resume job looks for. */
export async function pendingImports(db: Queryable): Promise<string[]> {
  const res = await db.query('SELECT id::text FROM imb_imports WHERE applied_at IS NULL ORDER BY id');
  return res.rows.map((r) => r.id);
}

/** Removes imports applied before `before` (their parts' counts are all they keep). */
export async function forgetAppliedImports(db: Queryable, before: Date): Promise<number> {
  const res = await db.query('DELETE FROM imb_imports WHERE applied_at < $1', [before]);
  return res.rowCount ?? 0;
}

/**
 * What the part's transaction works in (temporary: gone at commit). The same part of two
 * imports is applied one at a time: a scan is stored once because the import after sees what
 * the one before stored (read committed: each statement sees what committed before it began).
 * Scan_best gets each order's best new scan.
 */
export async function preparePart(tx: Queryable, part: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':imb_scans'), $1)`, [part]);
  // The planner knows nothing of a temporary table's rows, so it guesses a part's statements
  // costly enough to compile with JIT; and its sorts would spill past 4 MB.
  await tx.query(`SET LOCAL jit = off; SET LOCAL work_mem = '64MB'`);
  await tx.query(`CREATE TEMP TABLE scan_best (order_id text NOT NULL, order_kind text NOT NULL,
    status text NOT NULL, scanned_at timestamptz NOT NULL, facility_zip text NOT NULL) ON COMMIT DROP`);
}

/**
 * A scan's place in "says the most" order as text that sorts first when it says most: the
 * status's rank from highest (returned_to_sender 0 … entered_mail_stream 2), then the time
 * (earliest first: milliseconds, shifted positive, 14 digits), then the facility ZIP. So the
 * best of many is their min(), which a hash aggregate finds without sorting.
 */
const BEST_KEY = `(3 - imb_status_rank(status))::text
  || lpad(((extract(epoch FROM scanned_at) * 1000)::bigint + 10000000000000)::text, 14, '0')
  || facility_zip COLLATE "C"`;

/**
 * Stores the part's scans, each once: matched to the barcode it read (the latest issued no
 * later than a day after the scan, for scanners' clocks), unless the same scan is stored
 * already (a file imported again adds nothing, nor does a scan twice in one file), and keeps
 * each order's best new scan in scan_best. Each barcode is looked up once, however many of its
 * scans the file has. Scans of barcodes Postroom did not issue match nothing and are only
 * counted (by the caller: the file's records less those matched here).
 */
export async function storePart(
  tx: Queryable,
  importId: string,
  part: number,
  now: Date,
): Promise<{ matched: number; inserted: number }> {
  const res = await planned(tx, () => tx.query(storePartSql(importId), [part, now]));
  await tx.query('CREATE INDEX ON scan_best (order_kind, order_id)');
  return res.rows[0];
}

/** How storePart's statement is planned (EXPLAIN's JSON): its plan is what keeps it fast. */
export async function storePartPlan(
  tx: Queryable,
  importId: string,
  part: number,
  now: Date,
): Promise<unknown> {
  const res = await planned(tx, () =>
    tx.query(`EXPLAIN (FORMAT JSON) ${storePartSql(importId)}`, [part, now]),
  );
  return res.rows[0]['QUERY PLAN'][0].Plan;
}

/**
 * Runs storePart's statement with sequential scans ruled out wherever an index serves, so the
 * stored scans of each order are always looked up by imb_scans_order. Left to its statistics,
 * the planner reads the whole table per order when imb_scans was analyzed small and has grown
 * since (the other part commits beside this one), which does not finish on a large file. The
 * stage, which has no index, is still read whole (docs/decisions.md, *Mail tracking (P1)*).
 */
async function planned<T>(tx: Queryable, run: () => Promise<T>): Promise<T> {
  await tx.query('SET LOCAL enable_seqscan = off');
  const result = await run();
  await tx.query('RESET enable_seqscan');
  return result;
}

/**
 * storePart's statement ($1 the part, $2 the import's time). A new scan is checked against
 * the stored scans of its own order, each order's read by its key (`stored`: a lateral
 * subquery the planner cannot flatten, OFFSET 0, so it stays a lookup per order), so the check
 * costs the same however many scans imb_scans holds; joined to the whole table, the planner
 * hashes all of it. The scans to insert are sorted before the first is inserted, and a sort
 * reads all its input first, so every read of imb_scans is over before the statement adds to
 * it: unsorted, on an imb_scans analyzed empty, the planner rereads the table for each new
 * scan while the insert makes it grow. In (order, time) order, too, each insert lands next to
 * the last in imb_scans_order.
 */
function storePartSql(importId: string): string {
  return `WITH staged AS (
       SELECT tracking, scanned_ms, event_code, operation_code, facility_zip,
         min(status) AS status, min(detail) AS detail, count(*) AS n,
         timestamptz 'epoch' + scanned_ms * interval '1 millisecond' AS scanned_at
       FROM ${stageTable(importId)} WHERE part = $1
       GROUP BY tracking, scanned_ms, event_code, operation_code, facility_zip),
     barcodes AS (
       SELECT order_id, order_kind, tracking, issued_at,
         lead(issued_at) OVER (PARTITION BY tracking ORDER BY issued_at) AS next_issued_at
       FROM imb_barcodes WHERE tracking IN (SELECT tracking FROM staged)),
     matched AS MATERIALIZED (
       SELECT s.*, b.order_id, b.order_kind FROM staged s JOIN barcodes b ON b.tracking = s.tracking
         AND b.issued_at <= s.scanned_at + interval '1 day'
         AND (b.next_issued_at IS NULL OR b.next_issued_at > s.scanned_at + interval '1 day')),
     stored AS MATERIALIZED (
       SELECT e.* FROM barcodes b CROSS JOIN LATERAL (
         SELECT order_id, scanned_at, event_code, operation_code, facility_zip FROM imb_scans
         WHERE order_id = b.order_id OFFSET 0) e),
     inserted AS (
       INSERT INTO imb_scans (order_id, scanned_at, event_code, operation_code, facility_zip, status, detail, imported_at)
       SELECT order_id, scanned_at, event_code, operation_code, facility_zip, status, detail::jsonb, $2 FROM matched m
       WHERE NOT EXISTS (SELECT FROM stored e WHERE e.order_id = m.order_id AND e.scanned_at = m.scanned_at
         AND e.event_code = m.event_code AND e.operation_code = m.operation_code AND e.facility_zip = m.facility_zip)
       ORDER BY m.order_id, m.scanned_at
       RETURNING order_id, scanned_at, facility_zip, status),
     best AS (
       INSERT INTO scan_best (order_id, order_kind, status, scanned_at, facility_zip)
       SELECT n.order_id, b.order_kind,
         (ARRAY['returned_to_sender', 'out_for_delivery', 'entered_mail_stream'])[substr(best, 1, 1)::int + 1],
         timestamptz 'epoch' + (substr(best, 2, 14)::bigint - 10000000000000) * interval '1 millisecond',
         substr(best, 16)
       FROM (SELECT order_id, min(${BEST_KEY}) AS best FROM inserted WHERE status IS NOT NULL GROUP BY order_id) n
       JOIN barcodes b USING (order_id))
     SELECT (SELECT coalesce(sum(n), 0) FROM matched)::int AS matched, (SELECT count(*) FROM inserted)::int AS inserted`;
}

/** What applying one part did (imb_import_parts' counts). */
export interface PartCounts {
  matched: number;
  inserted: number;
  ordersUpdated: number;
}

/**
 * Records the part as applied. The part that finds every other applied too drops the stage
 * and marks the import applied; the import's row lock makes the parts finishing at once do
 * this one after the other, so the second sees the first as applied.
 */
export async function finishPart(
  tx: Queryable,
  importId: string,
  part: number,
  counts: PartCounts,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE imb_import_parts SET applied_at = $3, matched = $4, inserted = $5, orders_updated = $6
     WHERE import_id = $1 AND part = $2`,
    [importId, part, now, counts.matched, counts.inserted, counts.ordersUpdated],
  );
  await tx.query('SELECT FROM imb_imports WHERE id = $1 FOR UPDATE', [importId]);
  const rest = await tx.query(
    'SELECT count(*)::int AS n FROM imb_import_parts WHERE import_id = $1 AND applied_at IS NULL',
    [importId],
  );
  if (rest.rows[0].n > 0) return;
  await tx.query(`DROP TABLE ${stageTable(importId)}`);
  await tx.query('UPDATE imb_imports SET applied_at = $2 WHERE id = $1', [importId, now]);
}

/** The counts of all the import's parts, summed. */
export async function importCounts(db: Queryable, importId: string): Promise<PartCounts> {
  const res = await db.query(
    `SELECT coalesce(sum(matched), 0)::int AS matched, coalesce(sum(inserted), 0)::int AS inserted,
       coalesce(sum(orders_updated), 0)::int AS "ordersUpdated"
     FROM imb_import_parts WHERE import_id = $1`,
    [importId],
  );
  return res.rows[0];
}
