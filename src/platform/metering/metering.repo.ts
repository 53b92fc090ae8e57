import type { Queryable } from '../../db/pool.js';

export interface LookupInfo {
  freeLimit: number | null;
  used: number;
  subscribed: boolean;
}

/**
 * One lookup allowance: a plan (free limit, subscribed) on organizations and its counters.
 * The standard API and the international API each have one, under the same rules.
 */
export interface Allowance {
  /** Prefix of the prepared statements' names. */
  name: string;
  usage: 'lookup_usage' | 'intl_lookup_usage';
  freeLimit: 'lookup_free_limit' | 'intl_lookup_free_limit';
  subscribed: 'lookup_subscribed' | 'intl_lookup_subscribed';
}

export const STANDARD_LOOKUPS: Allowance = {
  name: 'lookups',
  usage: 'lookup_usage',
  freeLimit: 'lookup_free_limit',
  subscribed: 'lookup_subscribed',
};

/** The international API's allowance (migration 0046). */
export const INTL_LOOKUPS: Allowance = {
  name: 'intl-lookups',
  usage: 'intl_lookup_usage',
  freeLimit: 'intl_lookup_free_limit',
  subscribed: 'intl_lookup_subscribed',
};

const allowed = (a: Allowance) => `o.${a.subscribed} OR o.${a.freeLimit} IS NULL`;

// A sub-organization's lookups are charged to its parent: the parent's plan and counter cover
// the whole family, so its limit holds for the parent and its children together and its
// `used` includes theirs. `$1` is the calling organization in every statement below.
const BILLED = '(SELECT coalesce(b.parent_id, b.id) FROM organizations b WHERE b.id = $1)';
const STRIPE_OF_CONNECTION = '(1 + pg_backend_pid() % 64)::smallint';

/**
 * Adds `cost` to the period's count when the plan allows; returns false when it does not.
 *
 * An account with no limit to enforce adds to its connection's stripe (1–64): no two
 * connections wait on one row. A limited, unsubscribed account adds to stripe 0 in one
 * statement whose ON CONFLICT row lock serializes concurrent charges and whose WHERE re-reads
 * the latest total, so 100 parallel calls against a limit of 50 let exactly 50 through.
 */
export async function tryCharge(
  db: Queryable,
  orgId: string,
  period: string,
  cost: number,
  a: Allowance = STANDARD_LOOKUPS,
): Promise<boolean> {
  const unlimited = await db.query({
    name: `${a.name}-charge-unlimited`,
    text: `INSERT INTO ${a.usage} AS u (org_id, period, stripe, used)
           SELECT o.id, $2, ${STRIPE_OF_CONNECTION}, $3::bigint FROM organizations o
            WHERE o.id = ${BILLED} AND (${allowed(a)})
           ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used
           RETURNING u.org_id AS "billedTo"`,
    values: [orgId, period, cost],
  });
  if (unlimited.rowCount === 1) return attribute(db, orgId, unlimited.rows[0].billedTo, period, cost, a);
  // Counts on other stripes (from earlier in the period, before a limit was set) count too.
  const others = `(SELECT coalesce(sum(x.used), 0)::bigint FROM ${a.usage} x
                    WHERE x.org_id = ${BILLED} AND x.period = $2 AND x.stripe <> 0)`;
  const limited = await db.query(
    `INSERT INTO ${a.usage} AS u (org_id, period, stripe, used)
     SELECT o.id, $2, 0, $3::bigint FROM organizations o
      WHERE o.id = ${BILLED} AND (${allowed(a)} OR $3::bigint + ${others} <= o.${a.freeLimit})
     ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used
      WHERE (SELECT ${allowed(a)} OR u.used + EXCLUDED.used + ${others} <= o.${a.freeLimit}
             FROM organizations o WHERE o.id = u.org_id)
     RETURNING u.org_id AS "billedTo"`,
    [orgId, period, cost],
  );
  return limited.rowCount === 1 && attribute(db, orgId, limited.rows[0].billedTo, period, cost, a);
}

/**
 * A child's charge (made on its parent's counter) is also counted on the child's own rows, so
 * operators see what each child used (`postroom orgs show`). No limit applies there.
 */
async function attribute(
  db: Queryable,
  orgId: string,
  billedTo: string,
  period: string,
  cost: number,
  a: Allowance,
): Promise<true> {
  if (billedTo === orgId) return true;
  await db.query({
    name: `${a.name}-attribute`,
    text: `INSERT INTO ${a.usage} AS u (org_id, period, stripe, used) VALUES ($1, $2, ${STRIPE_OF_CONNECTION}, $3)
           ON CONFLICT (org_id, period, stripe) DO UPDATE SET used = u.used + EXCLUDED.used`,
    values: [orgId, period, cost],
  });
  return true;
}

/** The plan that limits this organization and what counts against it: its parent's for a child. */
export async function lookupInfo(
  db: Queryable,
  orgId: string,
  period: string,
  a: Allowance = STANDARD_LOOKUPS,
): Promise<LookupInfo> {
  const res = await db.query(
    `SELECT o.${a.freeLimit} AS "freeLimit", o.${a.subscribed} AS subscribed,
            (SELECT coalesce(sum(u.used), 0) FROM ${a.usage} u
              WHERE u.org_id = o.id AND u.period = $2)::bigint AS used
     FROM organizations o WHERE o.id = ${BILLED}`,
    [orgId, period],
  );
  return res.rows[0];
}

/**
 * What is counted on these organizations' own rows in the period: for a child, the lookups it
 * made; for a parent, its family's (its children's charges land on its rows).
 */
export async function countedLookups(
  db: Queryable,
  orgIds: readonly string[],
  period: string,
): Promise<number> {
  const res = await db.query(
    'SELECT coalesce(sum(used), 0)::bigint AS used FROM lookup_usage WHERE org_id = ANY($1) AND period = $2',
    [orgIds, period],
  );
  return res.rows[0].used;
}

export async function setPlan(
  db: Queryable,
  orgId: string,
  plan: { freeLimit?: number | null; subscribed?: boolean; geocoding?: boolean },
  a: Allowance = STANDARD_LOOKUPS,
): Promise<void> {
  // Geocoding is a setting of the standard plan only.
  const geocoding = a === STANDARD_LOOKUPS ? (plan.geocoding ?? null) : null;
  await db.query(
    `UPDATE organizations SET
       ${a.freeLimit} = CASE WHEN $2 THEN $3::bigint ELSE ${a.freeLimit} END,
       ${a.subscribed} = coalesce($4, ${a.subscribed}),
       lookup_geocoding = coalesce($5, lookup_geocoding)
     WHERE id = $1`,
    [orgId, plan.freeLimit !== undefined, plan.freeLimit ?? null, plan.subscribed ?? null, geocoding],
  );
}

/** Whether the plan that covers this organization (its parent's for a child) includes geocoding. */
export async function geocodingEnabled(db: Queryable, orgId: string): Promise<boolean> {
  const res = await db.query({
    name: 'geocoding-enabled',
    text: `SELECT o.lookup_geocoding AS on FROM organizations o WHERE o.id = ${BILLED}`,
    values: [orgId],
  });
  return res.rows[0]?.on === true;
}
