import type pg from 'pg';
import type { Pool, Queryable } from './pool.js';

/** Statements withTransaction sends right after COMMIT, per open transaction's client. */
const followUps = new WeakMap<object, Set<string>>();

export interface TransactionOptions {
  /**
   * false: COMMIT returns without waiting for its WAL flush (synchronous_commit off), set in
   * the same round trip as BEGIN. Only for work where losing the last few hundred milliseconds
   * in a database crash is safe: the delivery side of webhooks, where an unrecorded claim or
   * attempt is simply redone (at-least-once), never skipped. A change and its event always
   * commit synchronously.
   */
  waitForFlush?: boolean;
}

/** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(
  pool: Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  const after = new Set<string>();
  followUps.set(client, after);
  try {
    // One simple-protocol query, so the setting costs no round trip of its own.
    await client.query(
      options.waitForFlush === false ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN',
    );
    const result = await fn(client);
    await client.query('COMMIT');
    followUps.delete(client);
    // Committed: the caller has its answer now; the follow-ups keep the client a moment longer.
    if (after.size > 0) void sendFollowUps(pool, client, after);
    else client.release();
    return result;
  } catch (err) {
    followUps.delete(client);
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    throw err;
  }
}

/** Per pool (each has its own schema), the follow-ups being sent or in their gap, and those due again after. */
const sending = new WeakMap<Pool, Map<string, 'sending' | 'again'>>();

/**
 * Sends a committed transaction's follow-ups, then releases its client. A follow-up sent for
 * this pool less than FOLLOW_UP_GAP_MS ago (or still being sent) is not sent again at once:
 * it is sent once at the end of that gap, which is after this commit too. So under load
 * wake-ups coalesce instead of costing PostgreSQL one statement per create. Errors are
 * ignored (see afterCommit).
 */
async function sendFollowUps(pool: Pool, client: pg.PoolClient, statements: Set<string>): Promise<void> {
  try {
    for (const sql of statements) await sendCoalesced(pool, sql, (text) => client.query(text));
  } finally {
    client.release();
  }
}

/**
 * After a follow-up is sent, the same statement waits this long before it is sent again for
 * the same pool; those due meanwhile are sent once at the end. A NOTIFY per create would wake
 * the webhook dispatchers once per create, each time for one event, and cost every create a
 * second statement. Paced, a wake-up is at most this late.
 */
export const FOLLOW_UP_GAP_MS = 50;

async function sendCoalesced(
  pool: Pool,
  sql: string,
  query: (sql: string) => Promise<unknown>,
): Promise<void> {
  const states = sending.get(pool) ?? new Map<string, 'sending' | 'again'>();
  sending.set(pool, states);
  if (states.has(sql)) {
    states.set(sql, 'again');
    return;
  }
  states.set(sql, 'sending');
  await query(sql).catch(() => {});
  // The gap runs on a timer, not on the caller (who may be holding a client to release).
  setTimeout(() => {
    const again = states.get(sql) === 'again';
    states.delete(sql);
    if (again) void sendCoalesced(pool, sql, (text) => pool.query(text));
  }, FOLLOW_UP_GAP_MS).unref();
}

/**
 * afterCommit for a write that committed on its own, without withTransaction (one composed
 * statement sent on the pool): the same coalesced, unawaited follow-up.
 */
export function followUpCommitted(pool: Pool, sql: string): void {
  void sendCoalesced(pool, sql, (text) => pool.query(text));
}

/**
 * Runs `sql` (a constant statement, no parameters) once the transaction `db` belongs to has
 * committed, or at once when `db` is not inside withTransaction; after a commit its errors are
 * ignored and the caller does not wait for it, and the same statement due from several
 * commits at once is sent once after all of them (sendFollowUps), so use it only for an
 * idempotent wake-up that may be lost. What it is for: NOTIFY.
 * PostgreSQL holds one cluster-wide lock from a notifying transaction's commit until its log
 * flush, so a NOTIFY inside a create serialises every notifying create; sent after the commit,
 * in a transaction that writes nothing, it holds that lock only for an instant.
 */
export async function afterCommit(db: Queryable, sql: string): Promise<void> {
  const pending = followUps.get(db);
  if (pending) pending.add(sql);
  else await db.query(sql);
}
