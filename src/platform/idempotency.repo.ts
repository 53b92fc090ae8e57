import type { Queryable } from '../db/pool.js';
import type { Scope } from '../db/scope.js';

export interface StoredResponse {
  fingerprint: string;
  statusCode: number;
  response: string | null;
  ageMs: number;
}

/** Claims the key; false when another request holds it (this call waits for that one to finish). */
export async function claimKey(
  db: Queryable,
  scope: Scope,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO idempotency_keys (org_id, live, key, fingerprint) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [scope.orgId, scope.live, key, fingerprint],
  );
  return (res.rowCount ?? 0) === 1;
}

export async function saveResponse(
  db: Queryable,
  scope: Scope,
  key: string,
  statusCode: number,
  body: string,
) {
  await db.query(
    'UPDATE idempotency_keys SET status_code = $4, response = $5 WHERE org_id = $1 AND live = $2 AND key = $3',
    [scope.orgId, scope.live, key, statusCode, body],
  );
}

export async function findKey(db: Queryable, scope: Scope, key: string): Promise<StoredResponse | undefined> {
  const res = await db.query(
    `SELECT fingerprint, status_code AS "statusCode", response,
       (extract(epoch FROM now() - created_at) * 1000)::bigint AS "ageMs"
     FROM idempotency_keys WHERE org_id = $1 AND live = $2 AND key = $3`,
    [scope.orgId, scope.live, key],
  );
  return res.rows[0];
}

export async function forgetKey(db: Queryable, scope: Scope, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE org_id = $1 AND live = $2 AND key = $3', [
    scope.orgId,
    scope.live,
    key,
  ]);
}

export async function deleteExpiredKeys(db: Queryable, olderThanMs: number): Promise<number> {
  const res = await db.query(
    "DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 millisecond'",
    [olderThanMs],
  );
  return res.rowCount ?? 0;
}
