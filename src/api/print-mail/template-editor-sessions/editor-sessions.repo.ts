import type { Queryable } from '../../../db/pool.js';
import { listRows } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { Sealed } from '../../../platform/data-keys.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { StoredEditorSession } from './editor-session.schema.js';

export const SESSIONS_TABLE = 'template_editor_sessions';

/** A session as reads need it: the doc and its sealed token, from which its url is made. */
export interface SessionRow {
  doc: StoredEditorSession;
  sealed: Sealed;
}

export async function insertSession(
  db: Queryable,
  scope: Scope,
  doc: StoredEditorSession,
  secret: { hash: Buffer; sealed: Sealed },
  searchText: string,
): Promise<void> {
  await db.query(
    `INSERT INTO ${SESSIONS_TABLE}
       (id, org_id, live, doc, search_text, created_at, updated_at, template_id, token_hash, token_sealed, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10)`,
    [
      doc.id,
      scope.orgId,
      scope.live,
      doc,
      searchText,
      doc.createdAt,
      doc.template,
      secret.hash,
      secret.sealed,
      doc.expiresAt,
    ],
  );
}

export async function listSessions(
  db: Queryable,
  scope: Scope,
  query: ListQuery,
  search: Search | undefined,
): Promise<{ totalCount: number; rows: SessionRow[] }> {
  const { totalCount, rows } = await listRows<{ sealed: Sealed }>(
    db,
    SESSIONS_TABLE,
    scope,
    query,
    search,
    [],
    't.token_sealed AS sealed',
  );
  return { totalCount, rows: rows.map((r) => ({ doc: JSON.parse(r.doc), sealed: r.sealed })) };
}

export async function getSession(db: Queryable, scope: Scope, id: string): Promise<SessionRow | undefined> {
  const res = await db.query(
    `SELECT doc, token_sealed AS sealed FROM ${SESSIONS_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0];
}

/**
 * A session found by its token's hash, whoever's it is: the token is the credential. Like an
 * API key, it opens nothing while its organization (or that one's parent) is disabled.
 */
export interface SessionByToken {
  orgId: string;
  live: boolean;
  /** The organization's country, which document updates are given (as a key's request is). */
  orgCountryCode: string;
  doc: StoredEditorSession;
  /** ISO time. */
  expiresAt: string;
}

export async function findSessionByToken(db: Queryable, hash: Buffer): Promise<SessionByToken | undefined> {
  const res = await db.query(
    `SELECT s.org_id AS "orgId", s.live, o.country_code AS "orgCountryCode", s.doc, s.expires_at AS "expiresAt"
       FROM ${SESSIONS_TABLE} s JOIN organizations o ON o.id = s.org_id
      WHERE s.token_hash = $1 AND o.disabled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM organizations p WHERE p.id = o.parent_id AND p.disabled_at IS NOT NULL)`,
    [hash],
  );
  return res.rows[0];
}

/**
 * Removes expired sessions: the caller's before a read (so lists never show one), or, with no
 * scope, everyone's (the sweep). Returns how many went.
 */
export async function deleteExpiredSessions(db: Queryable, now: Date, scope?: Scope): Promise<number> {
  const res = scope
    ? await db.query(`DELETE FROM ${SESSIONS_TABLE} WHERE expires_at <= $1 AND org_id = $2 AND live = $3`, [
        now,
        scope.orgId,
        scope.live,
      ])
    : await db.query(`DELETE FROM ${SESSIONS_TABLE} WHERE expires_at <= $1`, [now]);
  return res.rowCount ?? 0;
}

/** The trackers the editor offers: these ids, or with none given the newest hundred. */
export async function trackersForEditor(
  db: Queryable,
  scope: Scope,
  ids: string[] | undefined,
): Promise<Array<{ id: string; description?: string; redirectURLTemplate?: string }>> {
  const res = ids
    ? await db.query(
        'SELECT doc FROM trackers WHERE id = ANY($1) AND org_id = $2 AND live = $3 ORDER BY created_at DESC',
        [ids, scope.orgId, scope.live],
      )
    : await db.query(
        'SELECT doc FROM trackers WHERE org_id = $1 AND live = $2 ORDER BY created_at DESC, id DESC LIMIT 100',
        [scope.orgId, scope.live],
      );
  return res.rows.map(({ doc }) => ({
    id: doc.id,
    ...(doc.description ? { description: doc.description } : {}),
    redirectURLTemplate: doc.redirectURLTemplate,
  }));
}
