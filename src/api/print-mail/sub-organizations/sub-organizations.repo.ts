import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { SubOrganizationUser } from './sub-organization.schema.js';

export const SUB_ORGANIZATIONS_TABLE = 'sub_organizations';
export const USERS_TABLE = 'sub_organization_users';

/** The calling organization's parent, or null for a top-level organization. */
export async function parentOf(db: Queryable, orgId: string): Promise<string | null> {
  const res = await db.query('SELECT parent_id AS "parentId" FROM organizations WHERE id = $1', [orgId]);
  return res.rows[0]?.parentId ?? null;
}

/** The child's own organization row: its id is also its name, which is unique by construction. */
export async function insertChildOrganization(
  db: Queryable,
  child: { id: string; countryCode: string; parentId: string },
): Promise<void> {
  await db.query('INSERT INTO organizations (id, name, country_code, parent_id) VALUES ($1, $1, $2, $3)', [
    child.id,
    child.countryCode,
    child.parentId,
  ]);
}

/** A user of the child (scope: the child and the sub-organization's mode). */
export async function insertUser(
  db: Queryable,
  scope: Scope,
  user: SubOrganizationUser,
  passwordHash: string,
  searchText: string,
): Promise<void> {
  await db.query(
    `INSERT INTO ${USERS_TABLE} (id, org_id, live, doc, search_text, created_at, updated_at, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
    [user.id, scope.orgId, scope.live, user, searchText, user.createdAt, passwordHash],
  );
}
