import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';

export interface KeyListRow {
  id: string;
  product: string;
  kind: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

/** The organization's keys of one mode, newest first (only their hints: keys are stored hashed). */
export async function listScopedKeys(db: Queryable, scope: Scope): Promise<KeyListRow[]> {
  const res = await db.query(
    `SELECT id, product, kind, hint, created_at AS "createdAt", revoked_at AS "revokedAt"
     FROM api_keys WHERE org_id = $1 AND live = $2 ORDER BY created_at DESC, id DESC LIMIT 500`,
    [scope.orgId, scope.live],
  );
  return res.rows;
}

/** Revokes one of the organization's keys of this mode; false when it has no such active key. */
export async function revokeScopedKey(db: Queryable, scope: Scope, id: string): Promise<boolean> {
  const res = await db.query(
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND org_id = $2 AND live = $3 AND revoked_at IS NULL',
    [id, scope.orgId, scope.live],
  );
  return res.rowCount === 1;
}
