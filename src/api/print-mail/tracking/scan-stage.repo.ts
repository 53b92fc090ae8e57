import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../../db/pool.js';
import type { Scan } from './scan-records.js';

/**
 * Where an import works (temporary: gone at commit). scan_stage holds one chunk of the file
 * as read, COPY'd in, so the database matches and stores a whole chunk in one statement
 * instead of one parameter list per scan; scan_new gets, per chunk, the best new scan of
 * each order it moved (bestKey), and scanBest gathers them into one per order at the end,
 * so an order its scans move twice in one file changes once.
 */
export async function createImportTables(db: Queryable): Promise<void> {
  // The planner knows nothing of a staging table's rows, so it guesses a chunk's statements
  // costly enough to compile with JIT; and a chunk's sorts would spill past 4 MB.
  await db.query(`SET LOCAL jit = off; SET LOCAL work_mem = '64MB'`);
  await db.query(`CREATE TEMP TABLE scan_stage (tracking text NOT NULL, scanned_ms bigint NOT NULL,
    event_code text NOT NULL, operation_code text NOT NULL, facility_zip text NOT NULL, status text,
    detail text NOT NULL) ON COMMIT DROP`);
  await db.query(`CREATE TEMP TABLE scan_new (order_id text NOT NULL, best text COLLATE "C" NOT NULL)
    ON COMMIT DROP`);
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

/** scan_best: each order's best new scan (from scan_new), its kind, and what the key spells. */
export async function gatherBest(db: Queryable): Promise<void> {
  await db.query(`CREATE TEMP TABLE scan_best ON COMMIT DROP AS
    SELECT n.order_id, b.order_kind,
      (ARRAY['returned_to_sender', 'out_for_delivery', 'entered_mail_stream'])[substr(n.best, 1, 1)::int + 1] AS status,
      timestamptz 'epoch' + (substr(n.best, 2, 14)::bigint - 10000000000000) * interval '1 millisecond' AS scanned_at,
      substr(n.best, 16) AS facility_zip
    FROM (SELECT order_id, min(best) AS best FROM scan_new GROUP BY order_id) n
    JOIN imb_barcodes b USING (order_id)`);
  await db.query('CREATE INDEX ON scan_best (order_kind, order_id)');
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
/** A value in COPY's text format (digits and the status never need it; codes and JSON may). */
const text = (value: string) =>
  SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;

/** A chunk of scans as COPY text, one line each, in scan_stage's column order. */
export function stageText(scans: Scan[]): string {
  let out = '';
  for (const s of scans)
    out += `${s.tracking}\t${s.at}\t${text(s.scanEventCode)}\t${text(s.operationCode)}\t${s.facilityZip}\t${s.status ?? '\\N'}\t${text(s.detail)}\n`;
  return out;
}

/** Replaces scan_stage's rows with a chunk's (stageText). */
export async function stageChunk(tx: pg.PoolClient, copyText: string): Promise<void> {
  await tx.query('TRUNCATE scan_stage');
  const copy = tx.query(copyFrom('COPY scan_stage FROM STDIN'));
  copy.end(copyText);
  await finished(copy);
}

/**
 * The staged chunk in one statement: each scan is matched to the barcode it read (the latest
 * issued no later than a day after the scan, for scanners' clocks), stored unless the same
 * scan is already (a file imported again adds nothing), and the best new scan of each order
 * the chunk moved kept in scan_new. Scans of barcodes Postroom did not issue match nothing
 * and are only counted.
 */
export async function storeStaged(db: Queryable, now: Date): Promise<{ matched: number; inserted: number }> {
  const res = await db.query(
    `WITH staged AS (
       SELECT s.*, timestamptz 'epoch' + s.scanned_ms * interval '1 millisecond' AS scanned_at FROM scan_stage s),
     matched AS MATERIALIZED (
       SELECT s.*, b.order_id FROM staged s
       CROSS JOIN LATERAL (SELECT order_id FROM imb_barcodes b
         WHERE b.tracking = s.tracking AND b.issued_at <= s.scanned_at + interval '1 day'
         ORDER BY b.issued_at DESC LIMIT 1) b),
     inserted AS (
       INSERT INTO imb_scans (order_id, scanned_at, event_code, operation_code, facility_zip, status, detail, imported_at)
       SELECT order_id, scanned_at, event_code, operation_code, facility_zip, status, detail::jsonb, $1 FROM matched
       ON CONFLICT DO NOTHING
       RETURNING order_id, scanned_at, facility_zip, status),
     best AS (
       INSERT INTO scan_new (order_id, best)
       SELECT order_id, min(${BEST_KEY}) FROM inserted WHERE status IS NOT NULL GROUP BY order_id)
     SELECT (SELECT count(*) FROM matched)::int AS matched, (SELECT count(*) FROM inserted)::int AS inserted`,
    [now],
  );
  return res.rows[0];
}
