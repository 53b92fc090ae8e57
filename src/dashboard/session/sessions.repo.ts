import type { Queryable } from '../../db/pool.js';

/** A signed-in dashboard session as each request sees it. */
export interface DashboardSession {
  tokenHash: Buffer;
  /** null only for an operator who has not picked an organization yet. */
  orgId: string | null;
  orgName: string | null;
  orgCountryCode: string | null;
  live: boolean;
  operator: boolean;
  testKeyId: string | null;
  liveKeyId: string | null;
  expiresAt: string;
}

export interface NewSession {
  orgId: string | null;
  live: boolean;
  operator: boolean;
  testKeyId?: string;
  liveKeyId?: string;
}

export async function insertSession(
  db: Queryable,
  tokenHash: Buffer,
  session: NewSession,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO dashboard_sessions (token_hash, org_id, live, operator, test_key_id, live_key_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      tokenHash,
      session.orgId,
      session.live,
      session.operator,
      session.testKeyId ?? null,
      session.liveKeyId ?? null,
      now,
      expiresAt,
    ],
  );
}

/**
 * The session of a cookie's token, if it is still good: not expired, its organization not
 * disabled, and (for a customer) the key that opened its current mode not revoked. One
 * indexed read per dashboard request, so a revoked key or a sign-out elsewhere holds at once.
 */
export async function findSession(
  db: Queryable,
  tokenHash: Buffer,
  now: Date,
): Promise<DashboardSession | undefined> {
  const res = await db.query({
    name: 'dashboard-session',
    text: `SELECT s.token_hash AS "tokenHash", s.org_id AS "orgId", o.name AS "orgName", o.country_code AS "orgCountryCode", s.live, s.operator,
         s.test_key_id AS "testKeyId", s.live_key_id AS "liveKeyId", s.expires_at AS "expiresAt"
       FROM dashboard_sessions s LEFT JOIN organizations o ON o.id = s.org_id
       WHERE s.token_hash = $1 AND s.expires_at > $2
         AND (s.org_id IS NULL OR o.disabled_at IS NULL)
         AND (s.operator OR EXISTS (
           SELECT 1 FROM api_keys k
           WHERE k.id = CASE WHEN s.live THEN s.live_key_id ELSE s.test_key_id END
             AND k.org_id = s.org_id AND k.revoked_at IS NULL))`,
    values: [tokenHash, now],
  });
  return res.rows[0];
}

/** Changes what a session shows: its organization (operators), its mode, the key a mode was opened with. */
export async function updateSession(
  db: Queryable,
  tokenHash: Buffer,
  change: { orgId?: string; live?: boolean; testKeyId?: string; liveKeyId?: string },
): Promise<void> {
  await db.query(
    `UPDATE dashboard_sessions SET org_id = coalesce($2, org_id), live = coalesce($3, live),
       test_key_id = coalesce($4, test_key_id), live_key_id = coalesce($5, live_key_id)
     WHERE token_hash = $1`,
    [
      tokenHash,
      change.orgId ?? null,
      change.live ?? null,
      change.testKeyId ?? null,
      change.liveKeyId ?? null,
    ],
  );
}

export async function deleteSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Expired sessions are removed as new ones start: no job needed for a table this small. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM dashboard_sessions WHERE expires_at <= $1', [now]);
}
