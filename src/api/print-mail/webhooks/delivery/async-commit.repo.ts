import type { Queryable } from '../../../../db/pool.js';

/**
 * Lets the current transaction commit without waiting for its WAL flush. Used only on the
 * delivery side, where losing the last few hundred milliseconds in a database crash is safe:
 * an unrecorded claim or attempt is simply redone (at-least-once), never skipped.
 * The caller's own transaction (the change and its event) always commits synchronously.
 */
export async function commitWithoutFlushWait(tx: Queryable): Promise<void> {
  await tx.query('SET LOCAL synchronous_commit = off');
}
