import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';

const STAGED = 'mailing_list_import_rows';

/**
 * Makes an import's staged rows contacts, inside the caller's transaction (the one that also
 * marks the import completed), so they appear all at once or not at all, and records the
 * import's contact set. New contacts are inserted, stamped with the commit's time; identical
 * rows are one contact (the last row's, as the same creates one after another would leave it);
 * a row identical to an existing contact takes what POST /contacts would change on it (its
 * description, and in test mode the status that implies), when that changes something.
 */
export async function commitStagedContacts(
  tx: pg.PoolClient,
  scope: Scope,
  id: string,
  now: Date,
): Promise<void> {
  const values = [id, scope.orgId, scope.live, now.toISOString()];
  // Merging the search indexes' pending lists is left to the background flush (jobs/
  // gin-pending-flush.ts) rather than done many times over inside this one big insert; and the
  // rows are counted once, below, not one counter update each (migration 0037).
  await tx.query("SET LOCAL gin_pending_list_limit = '256MB'; SET LOCAL postroom.count_rows_in_bulk = 'on'");
  // Newest row first: of identical rows the last is inserted and the others skipped
  // (ON CONFLICT DO NOTHING), read backwards along the staging's key, with no sort.
  const added = await tx.query(
    `WITH added AS (
       INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT s.contact ->> 'id', $2, $3, s.content_hash,
              s.contact || jsonb_build_object('createdAt', $4::text, 'updatedAt', $4::text),
              s.search_text, $4::timestamptz, $4::timestamptz
         FROM ${STAGED} s WHERE s.import_id = $1 AND s.contact IS NOT NULL
        ORDER BY s.row_number DESC
       ON CONFLICT (org_id, live, content_hash) DO NOTHING
       RETURNING id
     ), linked AS (
       INSERT INTO mailing_list_import_contacts (import_id, contact_id) SELECT $1, id FROM added
     )
     SELECT count(*)::int AS n FROM added`,
    values,
  );
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'off'");
  const inserted: number = added.rows[0].n;
  await tx.query(
    `INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
     VALUES ($1, $2, 'contacts', (pg_backend_pid() % 64)::smallint, $3)
     ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n`,
    [scope.orgId, scope.live, inserted],
  );
  const distinct = await tx.query(
    `SELECT count(DISTINCT content_hash)::int AS n FROM ${STAGED} WHERE import_id = $1 AND contact IS NOT NULL`,
    [id],
  );
  if (distinct.rows[0].n > inserted) await matchExisting(tx, values);
}

/** Rows identical to contacts that existed before: those patched (as POST /contacts would) and linked. */
async function matchExisting(tx: pg.PoolClient, values: unknown[]): Promise<void> {
  await tx.query(
    `UPDATE contacts c
        SET doc = p.doc || jsonb_build_object('updatedAt', $4::text), search_text = p.search_text,
            updated_at = $4::timestamptz
       FROM (SELECT s.content_hash, s.search_text,
                    (c2.doc - ARRAY(SELECT key FROM jsonb_each(s.patch) WHERE value = 'null'::jsonb))
                      || jsonb_strip_nulls(s.patch) AS doc
               FROM (SELECT DISTINCT ON (content_hash) content_hash, search_text, patch
                       FROM ${STAGED} WHERE import_id = $1 AND contact IS NOT NULL
                      ORDER BY content_hash, row_number DESC) s
               JOIN contacts c2 ON c2.org_id = $2 AND c2.live = $3 AND c2.content_hash = s.content_hash) p
      WHERE c.org_id = $2 AND c.live = $3 AND c.content_hash = p.content_hash AND c.doc IS DISTINCT FROM p.doc`,
    values,
  );
  await tx.query(
    `INSERT INTO mailing_list_import_contacts (import_id, contact_id)
     SELECT DISTINCT $1, c.id FROM ${STAGED} s
       JOIN contacts c ON c.org_id = $2 AND c.live = $3 AND c.content_hash = s.content_hash
      WHERE s.import_id = $1 AND s.contact IS NOT NULL
     ON CONFLICT DO NOTHING`,
    values.slice(0, 3),
  );
}
