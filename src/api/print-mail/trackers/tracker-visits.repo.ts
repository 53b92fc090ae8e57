import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';

export const VISITS_TABLE = 'tracker_visits';

/** A tracker's visits, as its delete removes them (its links and visitors go by foreign key). */
export async function deleteTrackerVisits(db: Queryable, scope: Scope, trackerId: string): Promise<void> {
  await db.query(`DELETE FROM ${VISITS_TABLE} WHERE org_id = $1 AND live = $2 AND doc ->> 'tracker' = $3`, [
    scope.orgId,
    scope.live,
    trackerId,
  ]);
}

/** A short link printed on an order, with what a visit needs to know about it. */
export interface TrackerLinkRow {
  code: string;
  orgId: string;
  live: boolean;
  trackerId: string;
  orderId: string;
  /** ISO time (the pool reads timestamps as text). */
  expiresAt: string;
}

export async function findLink(db: Queryable, code: string): Promise<TrackerLinkRow | undefined> {
  const res = await db.query(
    `SELECT code, org_id AS "orgId", live, tracker_id AS "trackerId", order_id AS "orderId",
            expires_at AS "expiresAt"
       FROM tracker_links WHERE code = $1`,
    [code],
  );
  return res.rows[0];
}

/**
 * The links of an order for the trackers it names, made on first use: a tracker of another
 * organization or mode, or one deleted since, gets none. Re-running keeps the codes first made.
 */
export async function ensureOrderLinks(
  db: Queryable,
  scope: Scope,
  order: { id: string; createdAt: Date },
  wanted: Array<{ trackerId: string; code: string }>,
): Promise<Map<string, string>> {
  await db.query(
    `INSERT INTO tracker_links (code, org_id, live, tracker_id, order_id, expires_at)
     SELECT w.code, t.org_id, t.live, t.id, $3,
            $4::timestamptz + make_interval(days => (t.doc ->> 'urlExpireAfterDays')::int)
       FROM unnest($1::text[], $2::text[]) AS w (tracker_id, code)
       JOIN trackers t ON t.id = w.tracker_id AND t.org_id = $5 AND t.live = $6
     ON CONFLICT (tracker_id, order_id) DO NOTHING`,
    [
      wanted.map((w) => w.trackerId),
      wanted.map((w) => w.code),
      order.id,
      order.createdAt,
      scope.orgId,
      scope.live,
    ],
  );
  const res = await db.query(
    'SELECT tracker_id, code FROM tracker_links WHERE order_id = $1 AND tracker_id = ANY($2)',
    [order.id, wanted.map((w) => w.trackerId)],
  );
  return new Map(res.rows.map((r) => [r.tracker_id as string, r.code as string]));
}

/** Which of these trackers exist for the caller. */
export async function existingTrackers(db: Queryable, scope: Scope, ids: string[]): Promise<Set<string>> {
  const res = await db.query('SELECT id FROM trackers WHERE id = ANY($1) AND org_id = $2 AND live = $3', [
    ids,
    scope.orgId,
    scope.live,
  ]);
  return new Set(res.rows.map((r) => r.id as string));
}

/** Records a visitor on a tracker: true if it is the visitor's first visit to it. */
export async function addVisitor(db: Queryable, trackerId: string, visitor: string): Promise<boolean> {
  const res = await db.query(
    'INSERT INTO tracker_visitors (tracker_id, visitor) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [trackerId, visitor],
  );
  return res.rowCount === 1;
}

/** Counts a visit on the tracker's doc (its updatedAt is for changes a caller makes, not visits). */
export async function countVisit(
  db: Queryable,
  trackerId: string,
  unique: boolean,
): Promise<Record<string, unknown> | undefined> {
  const res = await db.query(
    `UPDATE trackers
        SET doc = doc || jsonb_build_object(
              'visitCount', (doc ->> 'visitCount')::int + 1,
              'uniqueVisitCount', (doc ->> 'uniqueVisitCount')::int + $2::int)
      WHERE id = $1
      RETURNING doc`,
    [trackerId, unique ? 1 : 0],
  );
  return res.rows[0]?.doc;
}
