import type { Queryable } from '../../../db/pool.js';
import type { OrderKind } from '../orders/order-kind.js';

/** An order an import moved: what its event needs (the doc itself stays in the database). */
export interface ImbChanged {
  id: string;
  pdfKey: string | null;
  uploadedKey: string | null;
  status: string;
  zip: string | null;
  wasStatus: string | null;
  wasZip: string | null;
}

/** The order kinds scan_best holds orders of. */
export async function bestKinds(db: Queryable): Promise<string[]> {
  const res = await db.query('SELECT DISTINCT order_kind AS kind FROM scan_best');
  return res.rows.map((r) => r.kind);
}

/**
 * The next `limit` orders of one kind in scan_best after `after` (by id) moved to their best
 * new scan where it says more than they do: a higher status, or the same status reached
 * earlier (a late older scan moves imbDate back to when it really happened, never the status
 * down). The test reads the row being updated, so an import committing meanwhile is seen
 * (PostgreSQL re-reads a row another transaction changed). One statement per chunk; answers
 * the chunk's last id (undefined: none left) and the orders changed. The chunk is taken from
 * scan_best before any order is read (MATERIALIZED): joined first, every chunk read all the
 * file's orders to sort them and keep 20,000 (1 s a chunk at 98,000 orders).
 */
export async function applyBestChunk(
  db: Queryable,
  kind: OrderKind,
  after: string,
  limit: number,
  now: Date,
): Promise<{ last: string | undefined; changed: ImbChanged[] }> {
  const res = await db.query(
    `WITH b AS MATERIALIZED (
       SELECT order_id, status, scanned_at, facility_zip FROM scan_best
       WHERE order_kind = $1 AND order_id > $2 ORDER BY order_id LIMIT $3),
     u AS (
       SELECT b.order_id AS id, b.status, b.scanned_at, nullif(b.facility_zip, '') AS zip,
         p.doc->>'imbStatus' AS was_status, p.doc->>'imbZipCode' AS was_zip
       FROM b JOIN ${kind.table} p ON p.id = b.order_id),
     changed AS (
       UPDATE ${kind.table} o SET
         doc = o.doc || jsonb_build_object('imbStatus', u.status,
           'imbDate', to_char(u.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'imbZipCode', u.zip, 'updatedAt', $4::text),
         updated_at = $4::timestamptz
       FROM u WHERE o.id = u.id AND (o.doc->>'imbStatus' IS NULL
         OR imb_status_rank(u.status) > imb_status_rank(o.doc->>'imbStatus')
         OR (u.status = o.doc->>'imbStatus' AND u.scanned_at < (o.doc->>'imbDate')::timestamptz))
       RETURNING o.id, o.pdf_key AS "pdfKey", o.content->'pdf'->>'blobKey' AS "uploadedKey", u.status, u.zip,
         u.was_status AS "wasStatus", u.was_zip AS "wasZip")
     SELECT (SELECT max(order_id) FROM b) AS last, (SELECT coalesce(json_agg(changed), '[]') FROM changed) AS changed`,
    [kind.name, after, limit, now.toISOString()],
  );
  return { last: res.rows[0].last ?? undefined, changed: res.rows[0].changed };
}

/** One `<kind>.updated` event for an order an import moved, as Node makes it (id, links, fields). */
export interface ScanEvent {
  id: string;
  orderId: string;
  /** The signed links the snapshot adds to the stored doc (`url`, `uploadedPDF`), as JSON text. */
  links: string;
  updatedFields: string[];
}

/**
 * Records the events of a chunk of moved orders and queues them for webhook delivery, in one
 * statement: each event's snapshot is the order's doc as just updated plus its links, read
 * in the database rather than sent back and forth. The rows are those queuedEventsParts
 * (events/events.repo.ts) writes: the event doc, its search text, the outbox row naming the order.
 */
export async function writeScanEvents(db: Queryable, kind: OrderKind, events: ScanEvent[], now: Date) {
  await db.query(
    `WITH e AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS e(id, order_id, links, fields)),
     ev AS (
       INSERT INTO events (id, org_id, live, type, doc, search_text, created_at, updated_at)
       SELECT e.id, o.org_id, o.live, $5::text, jsonb_build_object('id', e.id, 'object', 'event', 'live', o.live,
           'type', $5, 'data', o.doc || e.links::jsonb, 'updatedFields', e.fields::jsonb, 'createdAt', $6::text),
         lower($5 || ' ' || o.id), $6::timestamptz, $6::timestamptz
       FROM e JOIN ${kind.table} o ON o.id = e.order_id
       RETURNING id, org_id, live, doc->'data'->>'id' AS order_id)
     INSERT INTO webhook_outbox (event_id, org_id, live, type, order_id) SELECT id, org_id, live, $5, order_id FROM ev`,
    [
      events.map((e) => e.id),
      events.map((e) => e.orderId),
      events.map((e) => e.links),
      events.map((e) => JSON.stringify(e.updatedFields)),
      kind.updated,
      now.toISOString(),
    ],
  );
}
