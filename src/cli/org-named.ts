import type { Queryable } from '../db/pool.js';
import {
  ensureOrganization,
  findOrganizationByName,
  type Organization,
} from '../platform/auth/organizations.repo.js';

/**
 * The organization a command names: made when missing, except a sub-organization (`sub_org_…`,
 * made only through the API), which must exist, so a mistyped id never becomes a new organization.
 */
export async function organizationNamed(db: Queryable, name: string): Promise<Organization | undefined> {
  if (name.startsWith('sub_org_')) return findOrganizationByName(db, name);
  return ensureOrganization(db, name);
}
