import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';
import { stillToPrint } from '../documents/kept-for-orders.js';

/**
 * The next cheque number of an organization and mode, taken now on its own statement (the row
 * lock of the upsert hands concurrent creates different numbers). A create that fails after
 * taking one leaves a gap, as a voided cheque would.
 */
export async function nextChequeNumber(db: Queryable, scope: Scope): Promise<number> {
  const res = await db.query(
    `INSERT INTO cheque_counters AS c (org_id, live, last) VALUES ($1, $2, 1)
     ON CONFLICT (org_id, live) DO UPDATE SET last = c.last + 1 RETURNING last`,
    [scope.orgId, scope.live],
  );
  return Number(res.rows[0].last);
}

/** The cheque that already has this number, if any. */
export async function chequeWithNumber(
  db: Queryable,
  scope: Scope,
  number: number,
): Promise<string | undefined> {
  const res = await db.query(
    'SELECT cheque_id AS id FROM cheque_numbers WHERE org_id = $1 AND live = $2 AND number = $3',
    [scope.orgId, scope.live, number],
  );
  return res.rows[0]?.id;
}

/** The number, taken for one cheque in its create statement: one row when it was free, none when another cheque has it. */
export function claimChequeNumberStatement(scope: Scope, number: number, chequeId: string): Statement {
  return {
    text: `INSERT INTO cheque_numbers (org_id, live, number, cheque_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING number`,
    values: [scope.orgId, scope.live, number, chequeId],
  };
}

/** Moves the count past a number, so later automatic numbers never reach one given by hand (always one row). */
export function countPastStatement(scope: Scope, number: number): Statement {
  return {
    text: `INSERT INTO cheque_counters AS c (org_id, live, last) VALUES ($1, $2, $3)
     ON CONFLICT (org_id, live) DO UPDATE SET last = GREATEST(c.last, EXCLUDED.last) RETURNING last`,
    values: [scope.orgId, scope.live, number],
  };
}

/** Whether a cheque or a box drawn on the account is still to print (its render reads the account's number). */
export async function chequesStillToPrint(
  db: Queryable,
  scope: Scope,
  bankAccountId: string,
): Promise<boolean> {
  const pending = stillToPrint(scope.live);
  const res = await db.query(
    `SELECT EXISTS (SELECT 1 FROM cheques WHERE org_id = $1 AND live = $2 AND doc @> $3::jsonb AND ${pending})
         OR EXISTS (SELECT 1 FROM boxes WHERE org_id = $1 AND live = $2 AND doc @> $4::jsonb AND ${pending})
         AS needed`,
    [
      scope.orgId,
      scope.live,
      JSON.stringify({ bankAccount: bankAccountId }),
      JSON.stringify({ cheques: [{ bankAccount: bankAccountId }] }),
    ],
  );
  return res.rows[0].needed;
}

/**
 * Holds a cheque's bank account for its create statement (OrderKind.claims): one row while the
 * account exists, none once deleted. The row lock (FOR KEY SHARE) makes a concurrent delete wait
 * until the cheque is written, so the delete's sweep sees the cheque and keeps the account's
 * number for it; a delete that came first refuses the cheque instead.
 */
export function holdBankAccountStatement(scope: Scope, bankAccountId: string): Statement {
  return {
    text: 'SELECT id FROM bank_accounts WHERE id = $1 AND org_id = $2 AND live = $3 FOR KEY SHARE',
    values: [bankAccountId, scope.orgId, scope.live],
  };
}
