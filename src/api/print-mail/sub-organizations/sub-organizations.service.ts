import type { Queryable } from '../../../db/pool.js';
import { deleteRow, insertDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { keyHint, type Mode } from '../../../platform/auth/api-key.js';
import { createKey, revokeOrganizationKeys } from '../../../platform/auth/keys.repo.js';
import { setOrganizationDisabled } from '../../../platform/auth/organizations.repo.js';
import { hashPassword } from '../../../platform/auth/password.js';
import { normalizeCountryCode } from '../../../platform/country-code.js';
import { apiError, invalid, notFound } from '../../../platform/errors.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { countMail, monthStart } from './mail-usage.repo.js';
import type {
  StoredSubOrganization,
  SubOrganization,
  SubOrganizationCreate,
  SubOrganizationUser,
} from './sub-organization.schema.js';
import {
  insertChildOrganization,
  insertUser,
  parentOf,
  SUB_ORGANIZATIONS_TABLE,
} from './sub-organizations.repo.js';

function required(field: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalid(field, 'must not be blank.');
  return trimmed;
}

/**
 * Makes a child organization of the caller, its user and its print & mail secret keys, in the
 * caller's transaction. A live key makes a live sub-organization with a live and a test key;
 * a test key makes a test one with a test key only, so testing never mints live keys. The
 * keys are in the answer once; a replay of the create shows only their hints.
 */
export async function createSubOrganization(
  db: Queryable,
  scope: Scope,
  input: SubOrganizationCreate,
  now: Date,
): Promise<{ body: unknown; replayBody: unknown }> {
  const organizationName = required('organizationName', input.organizationName);
  const name = required('name', input.name);
  const email = input.email.trim().toLowerCase();
  const countryCode = normalizeCountryCode(input.countryCode);
  if (await parentOf(db, scope.orgId))
    throw apiError(
      'permission_missing_error',
      'A sub-organization cannot have sub-organizations of its own; use its parent’s key.',
    );
  // Before any write: scrypt takes tens of milliseconds, and no row should be locked meanwhile.
  const passwordHash = await hashPassword(input.password);
  const stamp = now.toISOString();
  const id = newId(ID_PREFIX.subOrganization);
  const stored: StoredSubOrganization = {
    id,
    object: 'sub_org',
    live: scope.live,
    name: organizationName,
    countryCode,
    limit: 0,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await insertChildOrganization(db, { id, countryCode, parentId: scope.orgId });
  await insertDoc(
    db,
    SUB_ORGANIZATIONS_TABLE,
    scope,
    stored,
    [organizationName, countryCode, id].join(' ').toLowerCase(),
  );

  const user: SubOrganizationUser = {
    id: newId(ID_PREFIX.user),
    email,
    name,
    organization: id,
    pendingInvite: false,
    roles: ['admin'],
    verifiedEmail: true,
    ...(input.phoneNumber?.trim() ? { phoneNumber: input.phoneNumber.trim() } : {}),
    createdAt: stamp,
    updatedAt: stamp,
  };
  await insertUser(db, { orgId: id, live: scope.live }, user, passwordHash, `${name} ${email}`.toLowerCase());

  const modes: Mode[] = scope.live ? ['live', 'test'] : ['test'];
  const keys: string[] = [];
  for (const mode of modes) keys.push((await createKey(db, id, mode, 'print-mail', 'secret')).key);
  const subOrganization = withUsage(stored, 0);
  return {
    body: { subOrganization, user: { ...user, apiKeys: keys.map((value) => ({ value })) } },
    replayBody: { subOrganization, user: { ...user, apiKeys: keys.map((k) => ({ value: keyHint(k) })) } },
  };
}

function withUsage(stored: StoredSubOrganization, usage: number): SubOrganization {
  const { createdAt, updatedAt, ...rest } = stored;
  return { ...rest, usage, spend: 0, createdAt, updatedAt };
}

/** Stored docs (as text) as the API answers them: with this month's usage, read now. */
export async function presentSubOrganizations(
  db: Queryable,
  docs: string[],
  live: boolean,
  now: Date,
): Promise<SubOrganization[]> {
  const stored = docs.map((text) => JSON.parse(text) as StoredSubOrganization);
  const usage = await countMail(
    db,
    stored.map((s) => s.id),
    live,
    monthStart(now),
  );
  return stored.map((s) => withUsage(s, usage.get(s.id) ?? 0));
}

/**
 * Deletes the parent's record of a child and disables the child for good: its keys are
 * revoked and it can make no calls. Its resources stay (orders in flight finish printing).
 */
export async function deleteSubOrganization(db: Queryable, scope: Scope, id: string): Promise<void> {
  if (!(await deleteRow(db, SUB_ORGANIZATIONS_TABLE, scope, id))) throw notFound('sub_org', id);
  await setOrganizationDisabled(db, id, true);
  await revokeOrganizationKeys(db, id);
}
