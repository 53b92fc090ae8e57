import type { Queryable } from '../../db/pool.js';
import { ID_PREFIX, newId } from '../ids.js';

export interface Organization {
  id: string;
  name: string;
  countryCode: string;
  /** The organization that made this one (a sub-organization), else null. */
  parentId: string | null;
  /** Set while the organization is disabled: its keys and its children's keys do not work. */
  disabledAt: string | null;
}

const COLUMNS =
  'id, name, country_code AS "countryCode", parent_id AS "parentId", disabled_at AS "disabledAt"';

/** Returns the organization with this name, creating it (race-safe) when missing. */
export async function ensureOrganization(db: Queryable, name: string): Promise<Organization> {
  const inserted = await db.query(
    `INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
    [newId(ID_PREFIX.organization), name],
  );
  if (inserted.rows[0]) return inserted.rows[0];
  return (await db.query(`SELECT ${COLUMNS} FROM organizations WHERE name = $1`, [name])).rows[0];
}

export async function findOrganizationByName(db: Queryable, name: string): Promise<Organization | undefined> {
  return (await db.query(`SELECT ${COLUMNS} FROM organizations WHERE name = $1`, [name])).rows[0];
}

export async function getOrganization(db: Queryable, id: string): Promise<Organization | undefined> {
  return (await db.query(`SELECT ${COLUMNS} FROM organizations WHERE id = $1`, [id])).rows[0];
}

export async function countOrganizations(db: Queryable): Promise<number> {
  return (await db.query('SELECT count(*)::int AS n FROM organizations')).rows[0].n;
}

/** Disables or enables an organization; false when there is none with this id. */
export async function setOrganizationDisabled(
  db: Queryable,
  id: string,
  disabled: boolean,
): Promise<boolean> {
  const res = await db.query(
    `UPDATE organizations SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END WHERE id = $1`,
    [id, disabled],
  );
  return res.rowCount === 1;
}
