import type { Queryable } from '../../../db/pool.js';
import type { OrderKind } from '../orders/order-kind.js';

/** An order of a chunk of scan_best, as it is before the import moves it: what its event needs. */
export interface BestOrder {
  id: string;
  pdfKey: string | null;
  uploadedKey: string | null;
  /** Its best new scan's status and facility ZIP. */
  status: string;
  zip: string | null;
  /** Its imbStatus and imbZipCode before the import. */
  wasStatus: string | null;
  wasZip: string | null;
}

/** The event an order of a chunk gets if the chunk moves it: its id, links and updated fields. */
export interface ScanEvent {
  id: string;
  orderId: string;
  /** The signed links the snapshot adds to the stored doc (`url`, `uploadedPDF`), as JSON text. */
  links: string;
  updatedFields: string[];
}

/** The order kinds scan_best holds orders of. */
export async function bestKinds(db: Queryable): Promise<string[]> {
  const res = await db.query('SELECT DISTINCT order_kind AS kind FROM scan_best');
  return res.rows.map((r) => r.kind);
}

/**
 * The next `limit` orders of one kind in scan_best after `after` (by id), with what their
 * events need (an order deleted since its barcode was issued comes with nulls: moveBestChunk
 * finds nothing to move). Empty: none left.
 */
export async function readBestChunk(
  db: Queryable,
  kind: OrderKind,
  after: string,
  limit: number,
): Promise<BestOrder[]> {
  const res = await db.query(
    `SELECT b.order_id AS id, p.pdf_key AS "pdfKey", p.content->'pdf'->>'blobKey' AS "uploadedKey",
       b.status, nullif(b.facility_zip, '') AS zip, p.doc->>'imbStatus' AS "wasStatus", p.doc->>'imbZipCode' AS "wasZip"
     FROM scan_best b LEFT JOIN ${kind.table} p ON p.id = b.order_id
     WHERE b.order_kind = $1 AND b.order_id > $2 ORDER BY b.order_id LIMIT $3`,
    [kind.name, after, limit],
  );
  return res.rows;
}

/**
 * Moves the orders of one kind in scan_best after `after` up to `last` (a chunk readBestChunk
 * read) to their best new scan where it says more than they do: a higher status, or the same
 * status reached earlier (a late older scan moves imbDate back to when it really happened,
 * never the status down). The test reads the row being updated, so an import committing
 * meanwhile is seen (PostgreSQL re-reads a row another transaction changed). Each order moved
 * gets its event (`events`: one made for each order of the chunk, used for those that move),
 * queued for webhook delivery, in the same statement: the snapshot is the doc the update
 * returns, so no order is read twice. The rows are those queuedEventsParts
 * (events/events.repo.ts) writes: the event doc, its search text, the outbox row naming the
 * order. Answers how many orders moved.
 */
export async function moveBestChunk(
  db: Queryable,
  kind: OrderKind,
  range: { after: string; last: string },
  events: ScanEvent[],
  now: Date,
): Promise<number> {
  const res = await db.query(
    `WITH b AS MATERIALIZED (
       SELECT s.order_id, s.status, s.scanned_at, nullif(s.facility_zip, '') AS zip, e.event_id, e.links, e.fields
       FROM scan_best s JOIN unnest($4::text[], $5::text[], $6::text[], $7::text[]) AS e(order_id, event_id, links, fields)
         ON e.order_id = s.order_id
       WHERE s.order_kind = $1 AND s.order_id > $2 AND s.order_id <= $3),
     changed AS (
       UPDATE ${kind.table} o SET
         doc = o.doc || jsonb_build_object('imbStatus', b.status,
           'imbDate', to_char(b.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'imbZipCode', b.zip, 'updatedAt', $9::text),
         updated_at = $9::timestamptz
       FROM b WHERE o.id = b.order_id AND (o.doc->>'imbStatus' IS NULL
         OR imb_status_rank(b.status) > imb_status_rank(o.doc->>'imbStatus')
         OR (b.status = o.doc->>'imbStatus' AND b.scanned_at < (o.doc->>'imbDate')::timestamptz))
       RETURNING o.id, o.org_id, o.live, o.doc, b.event_id, b.links, b.fields),
     recorded AS (
       INSERT INTO events (id, org_id, live, type, doc, search_text, created_at, updated_at)
       SELECT c.event_id, c.org_id, c.live, $8::text, jsonb_build_object('id', c.event_id, 'object', 'event',
           'live', c.live, 'type', $8, 'data', c.doc || c.links::jsonb, 'updatedFields', c.fields::jsonb,
           'createdAt', $9::text),
         lower($8 || ' ' || c.id), $9::timestamptz, $9::timestamptz
       FROM changed c),
     queued AS (
       INSERT INTO webhook_outbox (event_id, org_id, live, type, order_id)
       SELECT event_id, org_id, live, $8, id FROM changed)
     SELECT count(*)::int AS moved FROM changed`,
    [
      kind.name,
      range.after,
      range.last,
      events.map((e) => e.orderId),
      events.map((e) => e.id),
      events.map((e) => e.links),
      events.map((e) => JSON.stringify(e.updatedFields)),
      kind.updated,
      now.toISOString(),
    ],
  );
  return res.rows[0].moved;
}
