/** The database a benchmark loads once and may keep between runs (`--reuse`). */
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';
import { createPool, type Pool } from '../../src/db/pool.js';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of bench database `name` (for a server the bench starts in its own process). */
export const benchDatabaseUrl = (name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Database `name` on DATABASE_URL's server, created when missing and migrated. `content`
 * names what a run loads into it and is kept as the database's comment once `load` has
 * finished: with `--reuse`, a database whose comment matches is used as it is. Otherwise the
 * comment is cleared first, so a load cut off half way is never taken for a finished one.
 */
export async function benchDatabase(
  name: string,
  content: string,
  options: { max: number; applicationName: string },
  load: (pool: Pool) => Promise<void>,
): Promise<Pool> {
  const held = await admin(async (c) => {
    const r = await c.query(
      'SELECT shobj_description(oid, $$pg_database$$) AS d FROM pg_database WHERE datname = $1',
      [name],
    );
    if (!r.rowCount) await c.query(`CREATE DATABASE ${name}`);
    return r.rows[0]?.d as string | undefined;
  });
  const pool = createPool(benchDatabaseUrl(name), options);
  await migrate(pool);
  if (process.argv.includes('--reuse') && held === content) return pool;
  await admin((c) => c.query(`COMMENT ON DATABASE ${name} IS NULL`));
  await load(pool);
  await admin((c) => c.query(`COMMENT ON DATABASE ${name} IS '${content}'`));
  return pool;
}
