import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';
import type { ContactRow } from '../contacts/contacts.repo.js';

/**
 * Makes a page of a build's contacts and puts them on its list, in one statement of the
 * caller's transaction. A contact identical to one the organization has (same content hash,
 * e.g. from an earlier build or a retried page) is that contact, left as it is; a member
 * already on the list stays once. So a page done twice adds nothing the second time.
 * Contacts are counted once for the page (migration 0037), as a mailing list import's are.
 */
export async function addBuiltContacts(
  tx: pg.PoolClient,
  scope: Scope,
  listId: string,
  rows: ContactRow[],
  now: Date,
): Promise<void> {
  const input = JSON.stringify(
    rows.map((r) => ({ id: r.doc.id, content_hash: r.contentHash, doc: r.doc, search_text: r.searchText })),
  );
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'on'");
  const res = await tx.query(
    `WITH input AS (
       SELECT DISTINCT ON (content_hash) * FROM jsonb_to_recordset($4::jsonb)
         AS i(id text, content_hash text, doc jsonb, search_text text)
     ), added AS (
       INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT id, $1, $2, content_hash, doc, search_text, $5::timestamptz, $5::timestamptz FROM input
       ON CONFLICT (org_id, live, content_hash) DO NOTHING
       RETURNING id
     ), members AS (
       INSERT INTO mailing_list_members (list_id, contact_id)
       SELECT $3, id FROM added
       UNION
       SELECT $3, c.id FROM contacts c JOIN input i ON c.content_hash = i.content_hash
        WHERE c.org_id = $1 AND c.live = $2
       ON CONFLICT DO NOTHING
     )
     SELECT count(*)::int AS n FROM added`,
    [scope.orgId, scope.live, listId, input, now.toISOString()],
  );
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'off'");
  await tx.query(
    `INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
     VALUES ($1, $2, 'contacts', (pg_backend_pid() % 64)::smallint, $3)
     ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n`,
    [scope.orgId, scope.live, res.rows[0].n],
  );
}
