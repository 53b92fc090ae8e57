import type { Queryable } from '../../db/pool.js';
import { ID_PREFIX, newId } from '../ids.js';
import { generateKey, hashKey, type KeyKind, keyHint, type Mode, type Product } from './api-key.js';

export interface KeyRecord {
  id: string;
  orgId: string;
  orgName: string;
  countryCode: string;
  live: boolean;
  product: Product;
  kind: KeyKind;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

const SELECT = `SELECT k.id, k.org_id AS "orgId", o.name AS "orgName", o.country_code AS "countryCode",
  k.live, k.product, k.kind, k.hint, k.created_at AS "createdAt", k.revoked_at AS "revokedAt"
  FROM api_keys k JOIN organizations o ON o.id = k.org_id`;

/** Creates a key and returns it in clear text: the only moment it exists outside a hash. */
export async function createKey(
  db: Queryable,
  orgId: string,
  mode: Mode,
  product: Product,
  kind: KeyKind,
): Promise<{ key: string; id: string }> {
  const key = generateKey(mode, kind);
  const id = newId(ID_PREFIX.apiKey);
  await db.query(
    'INSERT INTO api_keys (id, org_id, live, product, kind, hash, hint) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [id, orgId, mode === 'live', product, kind, hashKey(key), keyHint(key)],
  );
  return { key, id };
}

/** A key works while it is not revoked and neither its organization nor that one's parent is disabled. */
export async function findActiveKeyByHash(db: Queryable, hash: Buffer): Promise<KeyRecord | undefined> {
  return (
    await db.query(
      `${SELECT} WHERE k.hash = $1 AND k.revoked_at IS NULL AND o.disabled_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM organizations p WHERE p.id = o.parent_id AND p.disabled_at IS NOT NULL)`,
      [hash],
    )
  ).rows[0];
}

export async function listKeys(db: Queryable, orgName?: string): Promise<KeyRecord[]> {
  const where = orgName ? 'WHERE o.name = $1' : '';
  return (await db.query(`${SELECT} ${where} ORDER BY k.created_at`, orgName ? [orgName] : [])).rows;
}

/** Revokes by key id or by the key itself; returns how many keys were revoked. */
export async function revokeKey(db: Queryable, idOrKey: string): Promise<number> {
  const res = await db.query(
    'UPDATE api_keys SET revoked_at = now() WHERE (id = $1 OR hash = $2) AND revoked_at IS NULL',
    [idOrKey, hashKey(idOrKey)],
  );
  return res.rowCount ?? 0;
}

/** Revokes every active key of an organization (a deleted sub-organization); returns how many. */
export async function revokeOrganizationKeys(db: Queryable, orgId: string): Promise<number> {
  const res = await db.query(
    'UPDATE api_keys SET revoked_at = now() WHERE org_id = $1 AND revoked_at IS NULL',
    [orgId],
  );
  return res.rowCount ?? 0;
}
