import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { MIGRATION_LOCK, migrate, readMigrations } from '../../src/db/migrate.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// Migrations take a lock per schema: processes on one schema take turns, processes on other
// schemas (parallel test files) do not wait for them.
let url: string;
const schemas = Array.from({ length: 3 }, () => `t_${randomBytes(5).toString('hex')}`);
const [held, other, shared] = schemas;
const pools: Pool[] = [];
const poolFor = async (schema: string) => {
  const pool = createPool(url, { schema, max: 2 });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  pools.push(pool);
  return pool;
};

before(async () => {
  url = await testDatabaseUrl();
});
after(async () => {
  for (const pool of pools) await pool.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

test("a schema's migration waits for its own lock, not for another schema's", async () => {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK, held]);
    let heldDone = false;
    const waiting = poolFor(held)
      .then(migrate)
      .then((applied) => {
        heldDone = true;
        return applied;
      });
    const applied = await migrate(await poolFor(other));
    assert.equal(applied.length, readMigrations().length, 'the other schema migrated meanwhile');
    assert.equal(heldDone, false, 'the held schema waits for its lock');
    await holder.query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK, held]);
    assert.equal((await waiting).length, readMigrations().length);
  } finally {
    await holder.end();
  }
});

test('two processes migrating one schema together apply each migration once', async () => {
  // One after the other: CREATE SCHEMA IF NOT EXISTS run at once can both try to create it.
  const a = await poolFor(shared);
  const b = await poolFor(shared);
  const results = await Promise.all([migrate(a), migrate(b)]);
  assert.deepEqual(
    results.map((r) => r.length).sort((x, y) => x - y),
    [0, readMigrations().length],
  );
  const rows = await a.query('SELECT count(*)::int AS n FROM schema_migrations');
  assert.equal(rows.rows[0].n, readMigrations().length);
});
