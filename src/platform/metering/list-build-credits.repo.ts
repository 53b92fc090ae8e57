import type { Queryable } from '../../db/pool.js';
import type { Scope } from '../../db/scope.js';
import { apiError } from '../errors.js';

/**
 * List build credit (migration 0042): a ledger of cents per organization and mode. Operators
 * grant it (`postroom orgs credit`); a live targeted list build's confirm is charged; a build
 * that fails is refunded.
 */
export async function creditBalance(db: Queryable, scope: Scope): Promise<number> {
  const res = await db.query(
    'SELECT coalesce(sum(delta_cents), 0)::bigint AS cents FROM list_build_credits WHERE org_id = $1 AND live = $2',
    [scope.orgId, scope.live],
  );
  return Number(res.rows[0].cents);
}

/** Adds (or, negative, takes back) credit; the balance after. */
export async function grantCredit(
  db: Queryable,
  scope: Scope,
  cents: number,
  reason = 'grant',
): Promise<number> {
  await db.query(
    'INSERT INTO list_build_credits (org_id, live, delta_cents, reason) VALUES ($1, $2, $3, $4)',
    [scope.orgId, scope.live, cents, reason],
  );
  return creditBalance(db, scope);
}

/**
 * Charges `cents` for `ref` in the caller's transaction, or throws insufficient_credits_error
 * (402) with nothing charged. Charges of one organization and mode queue on a transaction
 * lock, so two confirms at once cannot both spend the same balance.
 */
export async function chargeCredit(db: Queryable, scope: Scope, cents: number, ref: string): Promise<void> {
  if (cents <= 0) return;
  await db.query("SELECT pg_advisory_xact_lock(hashtext('list_build_credits:' || $1 || ':' || $2::text))", [
    scope.orgId,
    scope.live,
  ]);
  const balance = await creditBalance(db, scope);
  if (balance < cents)
    throw apiError(
      'insufficient_credits_error',
      `This list build costs ${cents} cents of list build credit and the organization has ${balance}. An operator adds credit with \`postroom orgs credit\`.`,
    );
  await db.query(
    "INSERT INTO list_build_credits (org_id, live, delta_cents, reason, ref) VALUES ($1, $2, $3, 'list_build', $4)",
    [scope.orgId, scope.live, -cents, ref],
  );
}

/** Gives back what `ref` was charged, once (a second refund of it adds nothing). */
export async function refundCharge(db: Queryable, scope: Scope, ref: string): Promise<void> {
  await db.query(
    `INSERT INTO list_build_credits (org_id, live, delta_cents, reason, ref)
     SELECT org_id, live, -delta_cents, 'list_build_refund', ref FROM list_build_credits
      WHERE reason = 'list_build' AND ref = $3 AND org_id = $1 AND live = $2
     ON CONFLICT DO NOTHING`,
    [scope.orgId, scope.live, ref],
  );
}
