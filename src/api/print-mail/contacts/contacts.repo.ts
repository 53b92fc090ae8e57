import pg from 'pg';
import { Coalescer } from '../../../db/coalescer.js';
import type { Pool, Queryable } from '../../../db/pool.js';
import { deleteRow, getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';
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
 * Saves contacts (one organization and mode), each de-duplicated by content: a new one is
 * inserted; an identical existing one is returned as it is when its `patch` changes nothing,
 * and patched otherwise (upsertContact). The common cases, a new contact or an unchanged
 * duplicate such as an organization's return address on every order, take one statement for
 * all of them and lock no existing row: an update would hold that row until the caller's
 * transaction ends and queue every concurrent order of the organization behind it.
 */
export async function saveContacts(db: Queryable, scope: Scope, rows: ContactRow[]): Promise<Contact[]> {
  if (rows.length === 0) return [];
  const writes = db instanceof pg.Pool ? writesOf(db) : undefined;
  if (writes && rows.length === 1)
    return [await writes.submit(`${scope.orgId}:${scope.live}`, { scope, row: rows[0] })];
  return saveContactsNow(db, scope, rows);
}

/**
 * Lone creates outside a transaction (POST /contacts) of one organization and mode, arriving
 * together, are saved by one statement (db/coalescer.ts): one commit instead of one each,
 * which is most of a create's cost in the database. Identical contacts among them are one
 * contact, as in any saveContacts call. A statement that fails is run again for each alone.
 */
const contactWrites = new WeakMap<Pool, Coalescer<{ scope: Scope; row: ContactRow }, Contact>>();

function writesOf(pool: Pool) {
  let writes = contactWrites.get(pool);
  if (!writes) {
    writes = new Coalescer({
      maxInFlight: 4,
      maxBatch: 200,
      aloneOnError: true,
      run: (_key, inputs) =>
        saveContactsNow(
          pool,
          inputs[0].scope,
          inputs.map((i) => i.row),
        ),
    });
    contactWrites.set(pool, writes);
  }
  return writes;
}

async function saveContactsNow(db: Queryable, scope: Scope, rows: ContactRow[]): Promise<Contact[]> {
  // In key order: two statements inserting the same new contacts wait on each other's rows in
  // the same order, never in a cycle (a deadlock).
  const unique = [...new Map(rows.map((r) => [r.contentHash, r])).values()].sort((a, b) =>
    a.contentHash < b.contentHash ? -1 : a.contentHash > b.contentHash ? 1 : 0,
  );
  const found = await insertOrFetch(db, scope, unique);
  const saved = new Map<string, Contact>();
  for (const row of unique) {
    const hit = found.get(row.contentHash);
    // Missing: an identical contact committed after this statement's snapshot; the upsert sees it.
    if (hit && (hit.inserted || !changes(hit.doc, row.patch))) saved.set(row.contentHash, hit.doc);
    else saved.set(row.contentHash, await upsertContact(db, scope, row));
  }
  return rows.map((r) => saved.get(r.contentHash) as Contact);
}

/** Whether applying `patch` (besides the time stamp) would change the stored contact. */
function changes(doc: Contact, patch: ContactRow['patch']): boolean {
  const stored = doc as unknown as Record<string, unknown>;
  return Object.entries(patch).some(([key, value]) => key !== 'updatedAt' && (stored[key] ?? null) !== value);
}

/**
 * What saveContacts would do with `row` given the stored contact of its content (`doc`, none
 * when there is none): return that contact, patch it ('changed'), or insert the row ('new').
 */
export function savedState(doc: Contact | undefined, row: ContactRow): Contact | 'changed' | 'new' {
  return !doc ? 'new' : changes(doc, row.patch) ? 'changed' : doc;
}

/**
 * What saveContacts would do with each row, read without writing: the stored contact when an
 * identical one exists and its patch changes nothing, 'changed' when it exists and would be
 * patched, 'new' when none exists (yet). By content hash; one statement.
 */
export async function findSavedContacts(
  db: Queryable,
  scope: Scope,
  rows: ContactRow[],
): Promise<Map<string, Contact | 'changed' | 'new'>> {
  const out = new Map<string, Contact | 'changed' | 'new'>();
  if (rows.length === 0) return out;
  const res = await db.query<{ content_hash: string; doc: Contact }>({
    name: 'find-saved-contacts',
    text: `SELECT content_hash, doc FROM contacts WHERE org_id = $1 AND live = $2 AND content_hash = ANY($3)`,
    values: [scope.orgId, scope.live, rows.map((r) => r.contentHash)],
  });
  const found = new Map(res.rows.map((r) => [r.content_hash, r.doc]));
  for (const row of rows) {
    const doc = found.get(row.contentHash);
    out.set(row.contentHash, savedState(doc, row));
  }
  return out;
}

/** Rows as the jsonb_to_recordset input of the inserts below. */
function recordsOf(rows: ContactRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      id: r.doc.id,
      content_hash: r.contentHash,
      doc: r.doc,
      search_text: r.searchText,
      created_at: r.doc.createdAt,
    })),
  );
}

/**
 * Inserts contacts known to be new (findSavedContacts) as a part of a composed statement;
 * it returns the ids it inserted, so the statement can give up (postroom_expect) when an
 * identical contact was created in the meantime and a row was skipped.
 */
export function insertNewContactsStatement(scope: Scope, rows: ContactRow[]): Statement {
  return {
    text: `INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT id, $1, $2, content_hash, doc, search_text, created_at, created_at
         FROM jsonb_to_recordset($3::jsonb)
           AS i(id text, content_hash text, doc jsonb, search_text text, created_at timestamptz)
       ON CONFLICT (org_id, live, content_hash) DO NOTHING
       RETURNING id`,
    values: [scope.orgId, scope.live, recordsOf(rows)],
  };
}

/**
 * The ids of `docs` that are still stored exactly so (organization, mode and the whole doc,
 * updatedAt included), as a part of a composed statement: an order that used a contact as
 * this process last saw it (known-contacts.ts) gives up unless all of them are.
 */
export function unchangedContactsStatement(scope: Scope, docs: Contact[]): Statement {
  return {
    // One primary-key lookup per doc. A join lets the planner hash every contact of the
    // organization (a plan made while the table was small is kept by the prepared statement),
    // so a create would read all of them. The organization and mode are checked on the row
    // found, not in its WHERE: there, with stale statistics, they can steer the lookup to
    // contacts_content (org_id, live, ...), a walk over every contact of the organization.
    text: `SELECT g.doc->>'id' AS id FROM jsonb_array_elements($3::jsonb) AS g(doc)
       WHERE (SELECT CASE WHEN c.org_id = $1 AND c.live = $2 THEN c.doc END
                FROM contacts c WHERE c.id = g.doc->>'id') = g.doc`,
    values: [scope.orgId, scope.live, JSON.stringify(docs)],
  };
}

/**
 * New rows inserted, existing identical ones read, by content hash; one statement. The
 * existing ones are looked up one input row at a time on the whole unique key, in a scalar
 * subquery the planner cannot turn into a join: as a join (or `content_hash IN (input)`), the
 * prepared statement's generic plan, made while the organization had few contacts, hashed
 * every contact of the organization (contacts_recent on org and mode) on every create: 750
 * rows read per create on a table of 3,000, most of POST /contacts' time (docs/decisions.md).
 */
async function insertOrFetch(db: Queryable, scope: Scope, rows: ContactRow[]) {
  const res = await db.query<{ content_hash: string; doc: Contact | null; inserted: boolean }>({
    name: 'insert-or-fetch-contacts-by-key',
    text: `WITH input AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb)
         AS i(id text, content_hash text, doc jsonb, search_text text, created_at timestamptz)
     ), inserted AS (
       INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT id, $1, $2, content_hash, doc, search_text, created_at, created_at FROM input
       ON CONFLICT (org_id, live, content_hash) DO NOTHING
       RETURNING content_hash, doc
     )
     SELECT content_hash, doc, true AS inserted FROM inserted
     UNION ALL
     SELECT i.content_hash,
            (SELECT c.doc FROM contacts c
              WHERE c.org_id = $1 AND c.live = $2 AND c.content_hash = i.content_hash),
            false
       FROM input i
      WHERE i.content_hash NOT IN (SELECT content_hash FROM inserted)`,
    values: [scope.orgId, scope.live, recordsOf(rows)],
  });
  // A null doc: the identical contact was committed after this statement's snapshot.
  const found = new Map<string, { doc: Contact; inserted: boolean }>();
  for (const r of res.rows)
    if (r.doc !== null) found.set(r.content_hash, { doc: r.doc, inserted: r.inserted });
  return found;
}

/**
 * Inserts the contact, or, when an identical one exists in this organization and mode,
 * applies `patch` to it instead. One statement, so concurrent identical creates agree.
 */
async function upsertContact(db: Queryable, scope: Scope, row: ContactRow): Promise<Contact> {
  const nulls = Object.keys(row.patch).filter((k) => row.patch[k] === null);
  const sets = Object.fromEntries(Object.entries(row.patch).filter(([, v]) => v !== null));
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
