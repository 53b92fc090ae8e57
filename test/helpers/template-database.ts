import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.js';
import { openDatabase } from '../../src/db/database.js';
import { readMigrations } from '../../src/db/migrate.js';
import { startQueue } from '../../src/jobs/queue.js';
import { createQueues, JOBS } from '../../src/jobs/registry.js';
import { dropDatabaseAndReaders } from '../../src/report-sandbox/reader-roles.js';
import { testDatabaseUrl } from './test-database.js';
import { runOfDatabase, runStartedAt, TEST_RUN_ENV, testDatabaseName } from './test-run.js';

/**
 * Each test server works in a database of its own, copied from a template that is migrated
 * once per set of migrations and queues: CREATE DATABASE … TEMPLATE takes ~0.2–0.4 s where
 * migrating a new schema and making its pg-boss queues took 2–4 s (docs/testing.md, "How long
 * the suite takes"). The template is named by a hash of what it holds, so a changed migration
 * makes a new one, and each test file finds it ready once the first has made it.
 */
export const TEST_SCHEMA = 't_test';

const PG_BOSS_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('pg-boss/package.json'), 'utf8')) as {
    version: string;
  }
).version;

function templateName(): string {
  const config = loadConfig({});
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  for (const job of JOBS)
    hash.update(JSON.stringify([job.name, typeof job.queue === 'function' ? job.queue(config) : job.queue]));
  hash.update(PG_BOSS_VERSION);
  return `postroom_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/** `base` naming another database on the same server. */
export function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Migrates and queues a database under a name of its own, then renames it to the template's: whoever renames first wins. */
async function buildTemplate(base: string, name: string): Promise<void> {
  const building = `postroom_tpl_build_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, (c) => c.query(`CREATE DATABASE ${building}`));
  try {
    const config = loadConfig(
      {},
      { databaseUrl: withDatabase(base, building), dataDir: '/nonexistent', logLevel: 'warn' },
    );
    const db = await openDatabase(config, { schema: TEST_SCHEMA, poolMax: 2 });
    const boss = await startQueue(db.url, db.schema, () => {}, 120, 'postroom-test-template', 2);
    await createQueues(boss, config);
    await boss.stop({ graceful: false, wait: true });
    await db.close();
    await withAdmin(base, async (c) => {
      const taken = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (taken.rowCount) throw Object.assign(new Error('made by another'), { code: '42P04' });
      // No connections (autovacuum's either), so a copy never finds it in use.
      await c.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
      await whileInUse(() => c.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    });
  } catch (err) {
    await withAdmin(base, async (c) => {
      await c.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE false`).catch(() => {});
      await dropDatabaseAndReaders(c, building);
    });
    if ((err as { code?: string }).code !== '42P04') throw err;
  }
}

/**
 * Runs a statement that needs a database nobody is connected to, again while PostgreSQL says
 * it is in use (55006): only for a moment, as a backend that just disconnected goes, or a copy
 * being made of the template reads it.
 */
async function whileInUse<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

let template: Promise<string> | undefined;

function ensureTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    const exists = await withAdmin(base, (c) =>
      c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
    );
    if (!exists.rowCount) await buildTemplate(base, name);
    return name;
  })();
  return template;
}

/**
 * Drops the databases of run `run` and of any run that began over a day ago (stopped before
 * its end), with their report reader roles; how many. `closedOnly`: only the run's databases
 * whose servers have closed (freshTestDatabase's drop closes them to connections), which the
 * runner drops while the run goes on.
 */
export async function dropRunDatabases(
  run: string,
  { now = Date.now(), closedOnly = false } = {},
): Promise<number> {
  const base = await testDatabaseUrl();
  return withAdmin(base, async (c) => {
    const { rows } = await c.query<{ datname: string; datallowconn: boolean }>(
      `SELECT datname, datallowconn FROM pg_database WHERE datname LIKE 't\\_%'`,
    );
    const stale = rows
      .filter((r) => {
        const of = runOfDatabase(r.datname);
        if (closedOnly) return of === run && !r.datallowconn;
        return of !== undefined && (of === run || now - runStartedAt(of) > 86_400_000);
      })
      .map((r) => r.datname);
    for (const name of stale) await dropDatabaseAndReaders(c, name);
    return stale.length;
  });
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database holding the migrated TEST_SCHEMA with every queue made, nothing else. */
export async function freshTestDatabase(): Promise<TestDatabase> {
  const base = await testDatabaseUrl();
  const source = await ensureTemplate(base);
  // In a run of the suite the runner drops it, with the run's others, once every file is done:
  // a DROP DATABASE makes PostgreSQL 15 checkpoint, which under a running suite took 0.4–4.6 s
  // a server, and is cheap once nothing else runs. A file run on its own drops it at close.
  const run = process.env[TEST_RUN_ENV];
  const name = testDatabaseName(run, randomBytes(5).toString('hex'));
  await withAdmin(base, (c) => whileInUse(() => c.query(`CREATE DATABASE ${name} TEMPLATE ${source}`)));
  return {
    name,
    url: withDatabase(base, name),
    drop: () =>
      withAdmin(base, async (c) => {
        if (!run) return dropDatabaseAndReaders(c, name);
        // Kept for the runner; closed to connections, so autovacuum passes it by meanwhile.
        await c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      }),
  };
}
