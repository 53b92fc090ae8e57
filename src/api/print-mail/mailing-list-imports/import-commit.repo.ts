import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';

const STAGED = 'mailing_list_import_rows';

/** The staged columns of one party of the rows: the receiver's, or (senderAddressMapping) the sender's. */
const PARTIES = {
  receiver: { hash: 'content_hash', doc: 'contact', search: 'search_text', patch: 'patch' },
  sender: { hash: 'sender_hash', doc: 'sender', search: 'sender_search_text', patch: 'sender_patch' },
} as const;
type Party = (typeof PARTIES)[keyof typeof PARTIES];

/**
 * Makes an import's staged rows contacts, inside the caller's transaction (the one that also
 * marks the import completed), so they appear all at once or not at all, and records the
 * import's contact set, each with its sender when the import maps senders. New contacts are
 * inserted, stamped with the commit's time; identical rows are one contact (the last row's, as
 * the same creates one after another would leave it); a row identical to an existing contact
 * takes what POST /contacts would change on it (its description, and in test mode the status
 * that implies), when that changes something. Senders (`hasSenders`: the import maps them)
 * are contacts the same way.
 */
export async function commitStagedContacts(
  tx: pg.PoolClient,
  scope: Scope,
  id: string,
  now: Date,
  hasSenders: boolean,
): Promise<void> {
  const values = [id, scope.orgId, scope.live, now.toISOString()];
  // Merging the search indexes' pending lists is left to the background flush (jobs/
  // gin-pending-flush.ts) rather than done many times over inside this one big insert; and the
  // rows are counted once, below, not one counter update each (migration 0037).
  await tx.query("SET LOCAL gin_pending_list_limit = '256MB'; SET LOCAL postroom.count_rows_in_bulk = 'on'");
  const receivers = await insertParty(tx, values, PARTIES.receiver, true);
  const senders = hasSenders ? await insertParty(tx, values, PARTIES.sender, false) : 0;
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'off'");
  await tx.query(
    `INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
     VALUES ($1, $2, 'contacts', (pg_backend_pid() % 64)::smallint, $3)
     ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n`,
    [scope.orgId, scope.live, receivers + senders],
  );
  if ((await distinctStaged(tx, id, PARTIES.receiver)) > receivers) {
    await patchExisting(tx, values, PARTIES.receiver);
    await linkExisting(tx, values);
  }
  if (!hasSenders) return;
  if ((await distinctStaged(tx, id, PARTIES.sender)) > senders)
    await patchExisting(tx, values, PARTIES.sender);
  await linkSenders(tx, values);
}

/**
 * Inserts one party's new contacts (newest row first: of identical rows the last is inserted
 * and the others skipped, read backwards along the staging's key, with no sort); the receivers
 * inserted are linked to the import as they go. How many were inserted.
 */
async function insertParty(tx: pg.PoolClient, values: unknown[], p: Party, link: boolean): Promise<number> {
  const res = await tx.query(
    `WITH added AS (
       INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
       SELECT s.${p.doc} ->> 'id', $2, $3, s.${p.hash},
              s.${p.doc} || jsonb_build_object('createdAt', $4::text, 'updatedAt', $4::text),
              s.${p.search}, $4::timestamptz, $4::timestamptz
         FROM ${STAGED} s WHERE s.import_id = $1 AND s.${p.doc} IS NOT NULL
        ORDER BY s.row_number DESC
       ON CONFLICT (org_id, live, content_hash) DO NOTHING
       RETURNING id
     )${link ? ', linked AS (INSERT INTO mailing_list_import_contacts (import_id, contact_id) SELECT $1, id FROM added)' : ''}
     SELECT count(*)::int AS n FROM added`,
    values,
  );
  return res.rows[0].n;
}

async function distinctStaged(tx: pg.PoolClient, id: string, p: Party): Promise<number> {
  const res = await tx.query(
    `SELECT count(DISTINCT ${p.hash})::int AS n FROM ${STAGED} WHERE import_id = $1 AND ${p.doc} IS NOT NULL`,
    [id],
  );
  return res.rows[0].n;
}

/** Rows of one party identical to contacts that existed before: those patched, as POST /contacts would. */
async function patchExisting(tx: pg.PoolClient, values: unknown[], p: Party): Promise<void> {
  await tx.query(
    `UPDATE contacts c
        SET doc = p.doc || jsonb_build_object('updatedAt', $4::text), search_text = p.search_text,
            updated_at = $4::timestamptz
       FROM (SELECT s.hash, s.search_text,
                    (c2.doc - ARRAY(SELECT key FROM jsonb_each(s.patch) WHERE value = 'null'::jsonb))
                      || jsonb_strip_nulls(s.patch) AS doc
               FROM (SELECT DISTINCT ON (${p.hash}) ${p.hash} AS hash, ${p.search} AS search_text, ${p.patch} AS patch
                       FROM ${STAGED} WHERE import_id = $1 AND ${p.doc} IS NOT NULL
                      ORDER BY ${p.hash}, row_number DESC) s
               JOIN contacts c2 ON c2.org_id = $2 AND c2.live = $3 AND c2.content_hash = s.hash) p
      WHERE c.org_id = $2 AND c.live = $3 AND c.content_hash = p.hash AND c.doc IS DISTINCT FROM p.doc`,
    values,
  );
}

/** Receivers identical to contacts that existed before: linked to the import too. */
async function linkExisting(tx: pg.PoolClient, values: unknown[]): Promise<void> {
  await tx.query(
    `INSERT INTO mailing_list_import_contacts (import_id, contact_id)
     SELECT DISTINCT $1, c.id FROM ${STAGED} s
       JOIN contacts c ON c.org_id = $2 AND c.live = $3 AND c.content_hash = s.content_hash
      WHERE s.import_id = $1 AND s.contact IS NOT NULL
     ON CONFLICT DO NOTHING`,
    values.slice(0, 3),
  );
}

/** Each of the import's contacts gets its sender: that of the last row with that receiver. */
async function linkSenders(tx: pg.PoolClient, values: unknown[]): Promise<void> {
  await tx.query(
    `UPDATE mailing_list_import_contacts ic SET sender_id = sc.id
       FROM (SELECT DISTINCT ON (content_hash) content_hash, sender_hash FROM ${STAGED}
              WHERE import_id = $1 AND contact IS NOT NULL ORDER BY content_hash, row_number DESC) s
       JOIN contacts rc ON rc.org_id = $2 AND rc.live = $3 AND rc.content_hash = s.content_hash
       JOIN contacts sc ON sc.org_id = $2 AND sc.live = $3 AND sc.content_hash = s.sender_hash
      WHERE ic.import_id = $1 AND ic.contact_id = rc.id`,
    values.slice(0, 3),
  );
}
