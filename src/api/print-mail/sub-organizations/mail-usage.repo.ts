import type { Queryable } from '../../../db/pool.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';

/** The start of the calendar month (UTC) that `now` is in: usage counts from there. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Mail pieces each organization made since `since` in one mode: orders of every kind, not
 * cancelled. Counted when read (each order table's newest-first index covers the range), so
 * there is no counter for the order create paths to keep.
 */
export async function countMail(
  db: Queryable,
  orgIds: readonly string[],
  live: boolean,
  since: Date,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(orgIds.map((id) => [id, 0]));
  if (orgIds.length === 0) return counts;
  const parts = ORDER_KINDS.map(
    (kind) =>
      `SELECT org_id FROM ${kind.table}
        WHERE org_id = ANY($1) AND live = $2 AND created_at >= $3 AND status <> 'cancelled'`,
  );
  const res = await db.query(
    `SELECT org_id AS "orgId", count(*)::bigint AS n FROM (${parts.join(' UNION ALL ')}) pieces GROUP BY org_id`,
    [orgIds, live, since],
  );
  for (const row of res.rows) counts.set(row.orgId, row.n);
  return counts;
}
