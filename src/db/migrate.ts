import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

// Processes migrating one schema take turns on a lock keyed by that schema, so processes
// (test files) migrating other schemas go on meanwhile. A migration that creates an extension
// (database-wide) also takes this one lock for every schema, inside its transaction, so two
// schemas migrating together do not race on it.
export const MIGRATION_LOCK = 72_190_001;
const CREATES_EXTENSION = /\bCREATE\s+EXTENSION\b/i;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f, sql: readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies the numbered SQL files not yet applied, each in its own transaction, under the schema's advisory lock. */
export async function migrate(pool: Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // The two-key form: its keys never meet the one-key database-wide lock's.
    await client.query('SELECT pg_advisory_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of readMigrations()) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        if (CREATES_EXTENSION.test(m.sql))
          await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
      }
      applied.push(m.name);
    }
  } finally {
    await client
      .query('SELECT pg_advisory_unlock($1, hashtext(current_schema()))', [MIGRATION_LOCK])
      .catch(() => {});
    client.release();
  }
  return applied;
}
