import type { Queryable } from '../../../db/pool.js';
import { deleteRow, getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../platform/auth/authenticate.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { Contact } from './contact.schema.js';

const TABLE = 'contacts';

export interface ContactRow {
  doc: Contact;
  contentHash: string;
  searchText: string;
  /** Applied to the existing contact when an identical one is created; null removes a key. */
  patch: Record<string, unknown>;
}

/**
 * Inserts the contact, or, when an identical one exists in this organization and mode,
 * applies `patch` to it instead. One statement, so concurrent identical creates agree.
 */
export async function upsertContact(db: Queryable, scope: Scope, row: ContactRow): Promise<Contact> {
  const nulls = Object.keys(row.patch).filter((k) => row.patch[k] === null);
  const sets = Object.fromEntries(Object.entries(row.patch).filter(([, v]) => v !== null));
  // Named: each connection parses and plans the create once (it is the hot write).
  const res = await db.query({
    name: 'upsert-contact',
    text: `INSERT INTO contacts AS c (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (org_id, live, content_hash) DO UPDATE
       SET doc = (c.doc - $8::text[]) || $9::jsonb, updated_at = $7,
           search_text = EXCLUDED.search_text
     RETURNING doc`,
    values: [
      row.doc.id,
      scope.orgId,
      scope.live,
      row.contentHash,
      row.doc,
      row.searchText,
      row.doc.createdAt,
      nulls,
      JSON.stringify(sets),
    ],
  });
  return res.rows[0].doc;
}

export const getContactDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, TABLE, scope, id);
export const listContactDocs = (db: Queryable, scope: Scope, query: ListQuery, search: Search | undefined) =>
  listDocs(db, TABLE, scope, query, search);
export const deleteContactRow = (db: Queryable, scope: Scope, id: string) => deleteRow(db, TABLE, scope, id);
