import type pg from 'pg';
import type { Pool, Queryable } from './pool.js';

/** Statements withTransaction sends right after COMMIT, per open transaction's client. */
const followUps = new WeakMap<object, Set<string>>();

export interface TransactionOptions {
  /**
   * false: COMMIT returns without waiting for the log flush. Only for writes that a later,
   * synchronously committed transaction of the same request makes durable (its flush covers
   * everything logged before it) and that hold a contended lock until commit.
   */
  synchronousCommit?: boolean;
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
    await client.query(
      options.synchronousCommit === false ? 'BEGIN; SET LOCAL synchronous_commit TO off' : 'BEGIN',
    );
    const result = await fn(client);
    await client.query('COMMIT');
    // Committed: a follow-up that fails must not turn the caller's success into an error.
    for (const sql of after) await client.query(sql).catch(() => {});
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    followUps.delete(client);
    client.release();
  }
}

/**
 * Runs `sql` (a constant statement, no parameters) once the transaction `db` belongs to has
 * committed, or at once when `db` is not inside withTransaction; after a commit its errors are
 * ignored, so use it only for what may be lost (a wake-up). What it is for: NOTIFY.
 * PostgreSQL holds one cluster-wide lock from a notifying transaction's commit until its log
 * flush, so a NOTIFY inside a create serialises every notifying create; sent after the commit,
 * in a transaction that writes nothing, it holds that lock only for an instant.
 */
export async function afterCommit(db: Queryable, sql: string): Promise<void> {
  const pending = followUps.get(db);
  if (pending) pending.add(sql);
  else await db.query(sql);
}
