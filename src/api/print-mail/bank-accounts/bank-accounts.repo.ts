import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Sealed } from '../../../platform/data-keys.js';

export async function insertSealedAccountNumber(db: Queryable, id: string, sealed: Sealed): Promise<void> {
  await db.query('INSERT INTO bank_account_secrets (id, account_number) VALUES ($1, $2)', [id, sealed]);
}

/** A deleted account's sealed number, once no cheque still to print needs it (documents/kept-for-orders.ts). */
export async function deleteSealedAccountNumber(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM bank_account_secrets WHERE id = $1', [id]);
}

/** A caller's bank account and its sealed number, for a cheque (undefined when it is not theirs). */
export async function bankAccountWithNumber(
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<{ doc: Record<string, any>; sealed: Sealed } | undefined> {
  const res = await db.query(
    `SELECT b.doc, s.account_number AS sealed FROM bank_accounts b JOIN bank_account_secrets s USING (id)
     WHERE b.id = $1 AND b.org_id = $2 AND b.live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0];
}

/** Every sealed number, for re-sealing under a new key (`postroom secrets reseal`). */
export async function lockSealedNumbers(db: Queryable): Promise<Array<{ id: string; sealed: Sealed }>> {
  const res = await db.query('SELECT id, account_number AS sealed FROM bank_account_secrets FOR UPDATE');
  return res.rows;
}

export async function replaceSealedNumber(db: Queryable, id: string, sealed: Sealed): Promise<void> {
  await db.query('UPDATE bank_account_secrets SET account_number = $2 WHERE id = $1', [id, sealed]);
}

/** An account's sealed number, for a cheque's render (which is scoped by the cheque it renders). */
export async function sealedAccountNumber(db: Queryable, id: string): Promise<Sealed | undefined> {
  const res = await db.query('SELECT account_number AS sealed FROM bank_account_secrets WHERE id = $1', [id]);
  return res.rows[0]?.sealed;
}
