import type pg from 'pg';
import { quoteIdent } from './report-views.js';

/**
 * Report reader roles are cluster-wide but belong to one database and schema, so each says
 * whose it is in its comment, and a role whose database or schema has gone is dropped: by
 * every start (sweepOrphanReaders), and by whoever drops the database (dropReadersOf).
 */
const MARK = 'postroom report reader';

export const readerComment = (database: string, schema: string) =>
  `${MARK} ${JSON.stringify({ database, schema })}`;

interface Reader {
  role: string;
  database: string;
  schema: string;
}

async function readers(client: pg.ClientBase): Promise<Reader[]> {
  const { rows } = await client.query<{ role: string; note: string }>(
    `SELECT r.rolname AS role, d.description AS note FROM pg_roles r
       JOIN pg_shdescription d ON d.objoid = r.oid AND d.classoid = 'pg_authid'::regclass
      WHERE d.description LIKE $1`,
    [`${MARK} {%`],
  );
  return rows.flatMap(({ role, note }) => {
    try {
      const { database, schema } = JSON.parse(note.slice(MARK.length + 1));
      return typeof database === 'string' && typeof schema === 'string' ? [{ role, database, schema }] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Inside a transaction: drops the readers of databases that no longer exist, and of this
 * database's schemas that no longer exist. A role another database still holds privileges in cannot be dropped from here;
 * it stays until that database's own start.
 */
export async function sweepOrphanReaders(client: pg.ClientBase): Promise<string[]> {
  const here = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
  const databases = new Set(
    (await client.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((r) => r.datname),
  );
  const schemas = new Set(
    (await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace')).rows.map((r) => r.nspname),
  );
  const orphans = (await readers(client)).filter(
    (r) => !databases.has(r.database) || (r.database === here && !schemas.has(r.schema)),
  );
  return dropRoles(client, orphans);
}

/** Drops the readers of `database` (all its schemas'); for whoever drops the database itself. */
export async function dropReadersOf(client: pg.ClientBase, database: string): Promise<string[]> {
  await client.query('BEGIN');
  try {
    const dropped = await dropRoles(
      client,
      (await readers(client)).filter((r) => r.database === database),
    );
    await client.query('COMMIT');
    return dropped;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** Inside a transaction: a role that cannot be dropped is left, and the rest still go. */
async function dropRoles(client: pg.ClientBase, roles: Reader[]): Promise<string[]> {
  const dropped: string[] = [];
  for (const { role } of roles) {
    await client.query('SAVEPOINT drop_reader');
    try {
      await client.query(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
      await client.query('RELEASE SAVEPOINT drop_reader');
      dropped.push(role);
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT drop_reader');
    }
  }
  return dropped;
}

/** DROP DATABASE, then its readers: what tests, benches and operators use to drop a Postroom database whole. */
export async function dropDatabaseAndReaders(client: pg.ClientBase, database: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
  await dropReadersOf(client, database);
}
