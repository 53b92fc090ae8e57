import type { Queryable } from '../../../db/pool.js';
import { getDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';

export const LISTS_TABLE = 'mailing_lists';

/**
 * A mailing list's doc, parsed (undefined: none in this organization and mode). The list is
 * ready to be used, with no job adding or removing its contacts, when `status` is
 * `'completed'`; while a job runs it is `'creating_contacts'` or `'removing_contacts'`, and
 * its members may be changing.
 */
export async function getMailingListDoc(
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const text = await getDoc(db, LISTS_TABLE, scope, id);
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * Up to `limit` of the list's current members, as contact ids in ascending order, after
 * `afterContactId` (null: from the first): keyset pages, so a send that stops can resume
 * after the last contact it did. A deleted contact is no member. Empty for a list the scope
 * does not have.
 */
export async function mailingListMembers(
  db: Queryable,
  scope: Scope,
  listId: string,
  afterContactId: string | null,
  limit: number,
): Promise<string[]> {
  const res = await db.query({
    name: 'mailing-list-members-page',
    text: `SELECT m.contact_id FROM mailing_list_members m
            WHERE m.list_id = $1 AND m.contact_id > $2
              AND EXISTS (SELECT 1 FROM ${LISTS_TABLE} l WHERE l.id = $1 AND l.org_id = $3 AND l.live = $4)
            ORDER BY m.contact_id LIMIT $5`,
    values: [listId, afterContactId ?? '', scope.orgId, scope.live, limit],
  });
  return res.rows.map((r) => r.contact_id as string);
}

/** Adds the caller's contacts among `ids` (others are skipped); members already there stay once. */
export async function addContacts(db: Queryable, scope: Scope, listId: string, ids: string[]): Promise<void> {
  await db.query(
    `INSERT INTO mailing_list_members (list_id, contact_id)
     SELECT $1, c.id FROM contacts c WHERE c.id = ANY($2) AND c.org_id = $3 AND c.live = $4
     ON CONFLICT DO NOTHING`,
    [listId, ids, scope.orgId, scope.live],
  );
}

export async function removeContacts(db: Queryable, listId: string, ids: string[]): Promise<void> {
  await db.query('DELETE FROM mailing_list_members WHERE list_id = $1 AND contact_id = ANY($2)', [
    listId,
    ids,
  ]);
}

/** Adds every contact the caller's imports among `importIds` made or matched and that still exists. */
export async function addImports(
  db: Queryable,
  scope: Scope,
  listId: string,
  importIds: string[],
): Promise<void> {
  await db.query(
    `INSERT INTO mailing_list_members (list_id, contact_id)
     SELECT DISTINCT $1, ic.contact_id FROM mailing_list_import_contacts ic
       JOIN mailing_list_imports i ON i.id = ic.import_id AND i.org_id = $3 AND i.live = $4
       JOIN contacts c ON c.id = ic.contact_id AND c.org_id = $3 AND c.live = $4
      WHERE ic.import_id = ANY($2)
     ON CONFLICT DO NOTHING`,
    [listId, importIds, scope.orgId, scope.live],
  );
}

/** Removes from the list every contact of these imports, however else it came to be on it. */
export async function removeImports(db: Queryable, scope: Scope, listId: string, importIds: string[]) {
  await db.query(
    `DELETE FROM mailing_list_members m
      USING mailing_list_import_contacts ic
       JOIN mailing_list_imports i ON i.id = ic.import_id AND i.org_id = $3 AND i.live = $4
      WHERE m.list_id = $1 AND ic.import_id = ANY($2) AND m.contact_id = ic.contact_id`,
    [listId, importIds, scope.orgId, scope.live],
  );
}

/** Which of these ids are the caller's contacts. */
export async function existingContacts(db: Queryable, scope: Scope, ids: string[]): Promise<Set<string>> {
  const res = await db.query('SELECT id FROM contacts WHERE id = ANY($1) AND org_id = $2 AND live = $3', [
    ids,
    scope.orgId,
    scope.live,
  ]);
  return new Set(res.rows.map((r) => r.id as string));
}

/** The status of each of these imports the caller has. */
export async function importStatuses(
  db: Queryable,
  scope: Scope,
  ids: string[],
): Promise<Map<string, string>> {
  const res = await db.query(
    `SELECT id, doc ->> 'status' AS status FROM mailing_list_imports
      WHERE id = ANY($1) AND org_id = $2 AND live = $3`,
    [ids, scope.orgId, scope.live],
  );
  return new Map(res.rows.map((r) => [r.id as string, r.status as string]));
}
