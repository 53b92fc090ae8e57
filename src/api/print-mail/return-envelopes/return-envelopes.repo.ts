import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';

/** `available` moved by `delta` in one statement, kept in the doc that reads answer. */
const moveAvailable = (delta: string) =>
  `doc = jsonb_set(doc, '{available}', to_jsonb((doc->>'available')::int ${delta})) || jsonb_build_object('updatedAt', $4::text),
   updated_at = $4::timestamptz`;

/**
 * Takes one envelope for a letter: only while one is available, so concurrent letters on the
 * last envelope cannot both have it (the row lock orders them; the second finds 0). A part of
 * the letter's create statement (RETURNING id: one row, or the create gives up).
 */
export function claimEnvelopeStatement(scope: Scope, id: string, now: Date): Statement {
  return {
    text: `UPDATE return_envelopes SET ${moveAvailable('- 1')}
     WHERE id = $1 AND org_id = $2 AND live = $3 AND (doc->>'available')::int > 0 RETURNING id`,
    values: [id, scope.orgId, scope.live, now.toISOString()],
  };
}

/** Gives a cancelled letter's envelope back. */
export async function releaseEnvelope(db: Queryable, scope: Scope, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE return_envelopes SET ${moveAvailable('+ 1')} WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live, now.toISOString()],
  );
}

/** A filled order's envelopes become available. */
export async function addEnvelopes(
  db: Queryable,
  scope: Scope,
  id: string,
  count: number,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE return_envelopes SET ${moveAvailable('+ $5::int')} WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live, now.toISOString(), count],
  );
}

export async function envelopeAvailable(
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<number | undefined> {
  const res = await db.query(
    `SELECT (doc->>'available')::int AS available FROM return_envelopes WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0]?.available;
}
