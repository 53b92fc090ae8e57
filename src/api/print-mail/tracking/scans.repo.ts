import type { Queryable } from '../../../db/pool.js';

/** An order's scans, oldest first (the dashboard's timeline). */
export async function scansOf(db: Queryable, orderId: string) {
  const res = await db.query(
    `SELECT scanned_at AS "scannedAt", event_code AS "scanEventCode", operation_code AS "operationCode",
       facility_zip AS "facilityZip", status, detail FROM imb_scans WHERE order_id = $1 ORDER BY scanned_at, event_code`,
    [orderId],
  );
  return res.rows;
}
