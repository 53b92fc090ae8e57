import type { Queryable } from './pool.js';

/** Tables the retention sweep trims by age (each has an index on created_at: migration 0048). */
export type AgedTable = 'events' | 'webhook_invocations';

/**
 * Deletes up to `limit` rows of `table` created before `before`, oldest first, and says how
 * many: the sweep calls it until a batch comes back short, so no statement holds locks on
 * millions of rows or runs for minutes.
 */
export async function deleteOlderBatch(
  db: Queryable,
  table: AgedTable,
  before: Date,
  limit: number,
): Promise<number> {
  const res = await db.query(
    `DELETE FROM ${table} WHERE id IN (
       SELECT id FROM ${table} WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
    [before.toISOString(), limit],
  );
  return res.rowCount ?? 0;
}
