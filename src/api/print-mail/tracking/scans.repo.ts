import type { Queryable } from '../../../db/pool.js';
import type { OrderKind } from '../orders/order-kind.js';
import type { Scan } from './scan-records.js';

/** The scan that says the most of one order: highest status, then earliest. */
export interface BestScan {
  orderId: string;
  orderKind: string;
  status: string;
  scannedAt: string;
  facilityZip: string;
}

/**
 * Where an import gathers, per order, the best of its new scans (temporary: gone at commit),
 * so an order its scans move twice in one file changes once, at the end, to where they
 * leave it.
 */
export async function createBestScans(db: Queryable): Promise<void> {
  await db.query(`CREATE TEMP TABLE scan_best (order_id text PRIMARY KEY, order_kind text NOT NULL,
    status text NOT NULL, scanned_at timestamptz NOT NULL, facility_zip text NOT NULL) ON COMMIT DROP`);
}

/**
 * One batch of scans in one statement: each is matched to the barcode it read (the latest
 * issued no later than a day after the scan, for scanners' clocks), stored unless the same
 * scan is already (a file imported again adds nothing), and the best new scan of each order
 * kept in scan_best. Scans of barcodes Postroom did not issue match nothing and are only counted.
 */
export async function storeScans(
  db: Queryable,
  scans: Scan[],
  now: Date,
): Promise<{ matched: number; inserted: number }> {
  const res = await db.query(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS t(tracking, scanned_at, event_code, operation_code, facility_zip, status, detail)),
     matched AS (
       SELECT i.*, b.order_id, b.order_kind FROM input i
       CROSS JOIN LATERAL (SELECT order_id, order_kind FROM imb_barcodes b
         WHERE b.tracking = i.tracking AND b.issued_at <= i.scanned_at + interval '1 day'
         ORDER BY b.issued_at DESC LIMIT 1) b),
     inserted AS (
       INSERT INTO imb_scans (order_id, scanned_at, event_code, operation_code, facility_zip, status, detail, imported_at)
       SELECT order_id, scanned_at, event_code, operation_code, facility_zip, status, detail::jsonb, $8 FROM matched
       ON CONFLICT DO NOTHING
       RETURNING order_id, scanned_at, facility_zip, status),
     best AS (
       INSERT INTO scan_best AS s (order_id, order_kind, status, scanned_at, facility_zip)
       SELECT DISTINCT ON (i.order_id) i.order_id, k.order_kind, i.status, i.scanned_at, i.facility_zip
       FROM inserted i JOIN (SELECT DISTINCT order_id, order_kind FROM matched) k USING (order_id)
       WHERE i.status IS NOT NULL
       ORDER BY i.order_id, imb_status_rank(i.status) DESC, i.scanned_at
       ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, scanned_at = EXCLUDED.scanned_at,
         facility_zip = EXCLUDED.facility_zip
       WHERE imb_status_rank(EXCLUDED.status) > imb_status_rank(s.status)
         OR (EXCLUDED.status = s.status AND EXCLUDED.scanned_at < s.scanned_at))
     SELECT (SELECT count(*) FROM matched)::int AS matched, (SELECT count(*) FROM inserted)::int AS inserted`,
    [
      scans.map((s) => s.tracking),
      scans.map((s) => s.scannedAt),
      scans.map((s) => s.scanEventCode),
      scans.map((s) => s.operationCode),
      scans.map((s) => s.facilityZip),
      scans.map((s) => s.status),
      scans.map((s) => JSON.stringify(s.detail)),
      now,
    ],
  );
  return res.rows[0];
}

/** The next `limit` orders of scan_best after `after` (by id), to apply a chunk at a time. */
export async function bestScansAfter(db: Queryable, after: string, limit: number): Promise<BestScan[]> {
  const res = await db.query(
    `SELECT order_id AS "orderId", order_kind AS "orderKind", status, scanned_at AS "scannedAt",
       facility_zip AS "facilityZip" FROM scan_best WHERE order_id > $1 ORDER BY order_id LIMIT $2`,
    [after, limit],
  );
  return res.rows;
}

export interface ImbChanged {
  id: string;
  orgId: string;
  live: boolean;
  doc: Record<string, unknown> & { id: string };
  pdfKey: string | null;
  uploadedKey: string | null;
  wasStatus: string | null;
  wasZip: string | null;
}

/**
 * Sets imbStatus, imbDate and imbZipCode of the orders whose best new scan says more than
 * they do: a higher status, or the same status reached earlier (a late older scan moves
 * imbDate back to when it really happened, never the status down). Returns the changed rows.
 */
export async function applyBestScans(
  db: Queryable,
  kind: OrderKind,
  best: BestScan[],
  now: Date,
): Promise<ImbChanged[]> {
  const res = await db.query(
    `UPDATE ${kind.table} o SET
       doc = o.doc || jsonb_build_object('imbStatus', u.status, 'imbDate', u.at, 'imbZipCode', nullif(u.zip, ''),
                                         'updatedAt', $5::text),
       updated_at = $5::timestamptz
     FROM (SELECT u.*, p.doc->>'imbStatus' AS was_status, p.doc->>'imbDate' AS was_at, p.doc->>'imbZipCode' AS was_zip
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(id, status, at, zip)
           JOIN ${kind.table} p ON p.id = u.id) u
     WHERE o.id = u.id AND (u.was_status IS NULL OR imb_status_rank(u.status) > imb_status_rank(u.was_status)
       OR (u.status = u.was_status AND u.at::timestamptz < u.was_at::timestamptz))
     RETURNING o.id, o.org_id AS "orgId", o.live, o.doc, o.pdf_key AS "pdfKey",
       o.content->'pdf'->>'blobKey' AS "uploadedKey", u.was_status AS "wasStatus", u.was_zip AS "wasZip"`,
    [
      best.map((b) => b.orderId),
      best.map((b) => b.status),
      best.map((b) => b.scannedAt),
      best.map((b) => b.facilityZip),
      now.toISOString(),
    ],
  );
  return res.rows;
}

/** An order's scans, oldest first (the dashboard's timeline). */
export async function scansOf(db: Queryable, orderId: string) {
  const res = await db.query(
    `SELECT scanned_at AS "scannedAt", event_code AS "scanEventCode", operation_code AS "operationCode",
       facility_zip AS "facilityZip", status, detail FROM imb_scans WHERE order_id = $1 ORDER BY scanned_at, event_code`,
    [orderId],
  );
  return res.rows;
}
