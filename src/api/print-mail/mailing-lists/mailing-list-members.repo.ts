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

/** A list member: the contact, and its own sender when an import gave it one (else null). */
export interface ListMember {
  contactId: string;
  senderId: string | null;
}

/**
 * Up to `limit` of the list's current members, in ascending order of contact id, after
 * `afterContactId` (null: from the first): keyset pages, so a send that stops can resume
 * after the last contact it did. A deleted contact is no member. Empty for a list the scope
 * does not have.
 */
export async function mailingListMemberPage(
  db: Queryable,
  scope: Scope,
  listId: string,
  afterContactId: string | null,
  limit: number,
): Promise<ListMember[]> {
  const res = await db.query({
    name: 'mailing-list-members-page',
    text: `SELECT m.contact_id AS "contactId", m.sender_id AS "senderId" FROM mailing_list_members m
            WHERE m.list_id = $1 AND m.contact_id > $2
              AND EXISTS (SELECT 1 FROM ${LISTS_TABLE} l WHERE l.id = $1 AND l.org_id = $3 AND l.live = $4)
            ORDER BY m.contact_id LIMIT $5`,
    values: [listId, afterContactId ?? '', scope.orgId, scope.live, limit],
  });
  return res.rows;
}

/** The same page as contact ids alone. */
export async function mailingListMembers(
  db: Queryable,
  scope: Scope,
  listId: string,
  afterContactId: string | null,
  limit: number,
): Promise<string[]> {
  return (await mailingListMemberPage(db, scope, listId, afterContactId, limit)).map((m) => m.contactId);
}

/** How many of the list's members have no sender of their own. */
export async function membersWithoutSender(db: Queryable, listId: string): Promise<number> {
  const res = await db.query(
    'SELECT count(*)::int AS n FROM mailing_list_members WHERE list_id = $1 AND sender_id IS NULL',
    [listId],
  );
  return res.rows[0].n;
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

/**
 * Adds every contact the caller's imports among `importIds` made or matched and that still
 * exists, with the sender its import gave it (if that contact still exists). A contact
 * already on the list takes that sender; of several imports giving one contact a sender, the
 * last named wins.
 */
export async function addImports(
  db: Queryable,
  scope: Scope,
  listId: string,
  importIds: string[],
): Promise<void> {
  await db.query(
    `INSERT INTO mailing_list_members AS m (list_id, contact_id, sender_id)
     SELECT DISTINCT ON (ic.contact_id) $1, ic.contact_id, s.id FROM mailing_list_import_contacts ic
       JOIN mailing_list_imports i ON i.id = ic.import_id AND i.org_id = $3 AND i.live = $4
       JOIN contacts c ON c.id = ic.contact_id AND c.org_id = $3 AND c.live = $4
       LEFT JOIN contacts s ON s.id = ic.sender_id AND s.org_id = $3 AND s.live = $4
      WHERE ic.import_id = ANY($2)
      ORDER BY ic.contact_id, s.id IS NOT NULL DESC, array_position($2, ic.import_id) DESC
     ON CONFLICT (list_id, contact_id) DO UPDATE SET sender_id = EXCLUDED.sender_id
       WHERE EXCLUDED.sender_id IS NOT NULL AND m.sender_id IS DISTINCT FROM EXCLUDED.sender_id`,
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
