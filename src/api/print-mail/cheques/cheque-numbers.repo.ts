import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';

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

/** Cheques and boxes drawn on the account that are still to be printed (their render needs it). */
export async function unprintedChequesOf(
  db: Queryable,
  scope: Scope,
  bankAccountId: string,
): Promise<number> {
  const res = await db.query(
    `SELECT (SELECT count(*) FROM cheques WHERE org_id = $1 AND live = $2 AND doc @> $3::jsonb
               AND status IN ('ready', 'printing'))
          + (SELECT count(*) FROM boxes WHERE org_id = $1 AND live = $2 AND doc @> $4::jsonb
               AND status IN ('ready', 'printing')) AS n`,
    [
      scope.orgId,
      scope.live,
      JSON.stringify({ bankAccount: bankAccountId }),
      JSON.stringify({ cheques: [{ bankAccount: bankAccountId }] }),
    ],
  );
  return Number(res.rows[0].n);
}
