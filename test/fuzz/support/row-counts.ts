import type pg from 'pg';

/**
 * Every table of a test schema, as (rows, newest xmin): one statement reads them all, so a batch
 * of requests can be bracketed by two snapshots. An insert raises the count or the newest xmin
 * (the writing transaction's id), an update the newest xmin, a delete lowers the count, so any
 * row a request wrote shows. Of pg-boss's schema only its `job` table (with its partitions)
 * counts: a refused request must not enqueue work; its bookkeeping tables are its own.
 */
export type RowSnapshot = Record<string, string>;

export async function rowCounter(pool: pg.Pool, schema: string): Promise<() => Promise<RowSnapshot>> {
  const { rows } = await pool.query<{ nspname: string; relname: string }>(
    `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND (n.nspname = $1 OR (n.nspname = $2 AND c.relname = 'job'))
      ORDER BY 1, 2`,
    [schema, `${schema}_pgboss`],
  );
  if (rows.length === 0) throw new Error(`no tables in schema ${schema}`);
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const parts = rows.map(
    ({ nspname, relname }) =>
      `'${relname}', (SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM ${quote(nspname)}.${quote(relname)})`,
  );
  // json_build_object takes at most 100 arguments: the tables go in chunks merged with ||.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40)
    chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  const sql = `SELECT ${chunks.join(' || ')} AS snapshot`;
  return async () => (await pool.query<{ snapshot: RowSnapshot }>(sql)).rows[0].snapshot;
}

/** The tables whose rows differ between two snapshots, as `table: before → after`. */
export function rowChanges(before: RowSnapshot, after: RowSnapshot): string[] {
  const out: string[] = [];
  for (const table of Object.keys(after))
    if (before[table] !== after[table]) out.push(`${table}: ${before[table]} → ${after[table]}`);
  return out;
}
