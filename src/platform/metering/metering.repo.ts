import type { Queryable } from '../../db/pool.js';

export interface LookupInfo {
  freeLimit: number | null;
  used: number;
  subscribed: boolean;
}

// The plan check and the increment are one statement: the row lock taken by ON CONFLICT
// serializes concurrent charges, and the WHERE re-reads the latest count, so 100 parallel
// calls against a limit of 50 let exactly 50 through.
const ALLOWED = 'o.lookup_subscribed OR o.lookup_free_limit IS NULL';

/** Adds `cost` to the period's count when the plan allows; returns the new count or undefined. */
export async function tryCharge(
  db: Queryable,
  orgId: string,
  period: string,
  cost: number,
): Promise<number | undefined> {
  const res = await db.query(
    `INSERT INTO lookup_usage AS u (org_id, period, used)
     SELECT o.id, $2, $3 FROM organizations o
      WHERE o.id = $1 AND (${ALLOWED} OR $3 <= o.lookup_free_limit)
     ON CONFLICT (org_id, period) DO UPDATE SET used = u.used + EXCLUDED.used
      WHERE (SELECT ${ALLOWED} OR u.used + EXCLUDED.used <= o.lookup_free_limit
             FROM organizations o WHERE o.id = u.org_id)
     RETURNING used`,
    [orgId, period, cost],
  );
  return res.rows[0]?.used;
}

export async function lookupInfo(db: Queryable, orgId: string, period: string): Promise<LookupInfo> {
  const res = await db.query(
    `SELECT o.lookup_free_limit AS "freeLimit", o.lookup_subscribed AS subscribed,
            coalesce(u.used, 0)::bigint AS used
     FROM organizations o LEFT JOIN lookup_usage u ON u.org_id = o.id AND u.period = $2
     WHERE o.id = $1`,
    [orgId, period],
  );
  return res.rows[0];
}

export async function setPlan(
  db: Queryable,
  orgId: string,
  plan: { freeLimit?: number | null; subscribed?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE organizations SET
       lookup_free_limit = CASE WHEN $2 THEN $3::bigint ELSE lookup_free_limit END,
       lookup_subscribed = coalesce($4, lookup_subscribed)
     WHERE id = $1`,
    [orgId, plan.freeLimit !== undefined, plan.freeLimit ?? null, plan.subscribed ?? null],
  );
}
