import type { Queryable } from '../../db/pool.js';
import type { LookupInfo } from './metering.repo.js';

/**
 * The international API's lookup allowance (migration 0046): the same rules as the standard
 * one (metering.repo.ts: striped counters for accounts without a limit, one locked row for
 * limited ones, a sub-organization charged to its parent) on its own plan columns and counters.
 */
const ALLOWED = 'o.intl_lookup_subscribed OR o.intl_lookup_free_limit IS NULL';
const BILLED = '(SELECT coalesce(b.parent_id, b.id) FROM organizations b WHERE b.id = $1)';
const STRIPE_OF_CONNECTION = '(1 + pg_backend_pid() % 64)::smallint';

/** Adds `cost` to the period's count when the plan allows; false when it does not. */
export async function tryChargeIntl(
  db: Queryable,
  orgId: string,
  period: string,
  cost: number,
): Promise<boolean> {
  const unlimited = await db.query({
    name: 'intl-charge-unlimited',
    text: `INSERT INTO intl_lookup_usage AS u (org_id, period, stripe, used)
           SELECT o.id, $2, ${STRIPE_OF_CONNECTION}, $3::bigint FROM organizations o
            WHERE o.id = ${BILLED} AND (${ALLOWED})
           ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used
           RETURNING u.org_id AS "billedTo"`,
    values: [orgId, period, cost],
  });
  if (unlimited.rowCount === 1) return attribute(db, orgId, unlimited.rows[0].billedTo, period, cost);
  const others = `(SELECT coalesce(sum(x.used), 0)::bigint FROM intl_lookup_usage x
                    WHERE x.org_id = ${BILLED} AND x.period = $2 AND x.stripe <> 0)`;
  const limited = await db.query(
    `INSERT INTO intl_lookup_usage AS u (org_id, period, stripe, used)
     SELECT o.id, $2, 0, $3::bigint FROM organizations o
      WHERE o.id = ${BILLED} AND (${ALLOWED} OR $3::bigint + ${others} <= o.intl_lookup_free_limit)
     ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used
      WHERE (SELECT ${ALLOWED} OR u.used + EXCLUDED.used + ${others} <= o.intl_lookup_free_limit
             FROM organizations o WHERE o.id = u.org_id)
     RETURNING u.org_id AS "billedTo"`,
    [orgId, period, cost],
  );
  return limited.rowCount === 1 && attribute(db, orgId, limited.rows[0].billedTo, period, cost);
}

/** A child's charge is also counted on its own rows (what each child used); no limit there. */
async function attribute(
  db: Queryable,
  orgId: string,
  billedTo: string,
  period: string,
  cost: number,
): Promise<true> {
  if (billedTo === orgId) return true;
  await db.query({
    name: 'intl-attribute-lookups',
    text: `INSERT INTO intl_lookup_usage AS u (org_id, period, stripe, used) VALUES ($1, $2, ${STRIPE_OF_CONNECTION}, $3)
           ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used`,
    values: [orgId, period, cost],
  });
  return true;
}

export async function intlLookupInfo(db: Queryable, orgId: string, period: string): Promise<LookupInfo> {
  const res = await db.query(
    `SELECT o.intl_lookup_free_limit AS "freeLimit", o.intl_lookup_subscribed AS subscribed,
            (SELECT coalesce(sum(u.used), 0) FROM intl_lookup_usage u
              WHERE u.org_id = o.id AND u.period = $2)::bigint AS used
     FROM organizations o WHERE o.id = ${BILLED}`,
    [orgId, period],
  );
  return { ...res.rows[0], used: Number(res.rows[0].used) };
}

export async function setIntlPlan(
  db: Queryable,
  orgId: string,
  plan: { freeLimit?: number | null; subscribed?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE organizations SET
       intl_lookup_free_limit = CASE WHEN $2 THEN $3::bigint ELSE intl_lookup_free_limit END,
       intl_lookup_subscribed = coalesce($4, intl_lookup_subscribed)
     WHERE id = $1`,
    [orgId, plan.freeLimit !== undefined, plan.freeLimit ?? null, plan.subscribed ?? null],
  );
}
