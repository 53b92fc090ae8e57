import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { readMigrations } from '../../src/db/migrate.js';
import { JOBS } from '../../src/jobs/registry.js';
import { freshTestDatabase, TEST_SCHEMA } from '../helpers/template-database.js';
import { newRunId, runOfDatabase, runStartedAt, testDatabaseName } from '../helpers/test-run.js';

// Test servers start on copies of one migrated template (test/helpers/template-database.ts):
// a copy must hold every migration and queue, and copies must not share anything.
test('a fresh test database has every migration and every queue, and each copy is its own', async () => {
  const [a, b] = await Promise.all([freshTestDatabase(), freshTestDatabase()]);
  const clientA = new pg.Client({ connectionString: a.url });
  const clientB = new pg.Client({ connectionString: b.url });
  await Promise.all([clientA.connect(), clientB.connect()]);
  try {
    const versions = await clientA.query(
      `SELECT version FROM ${TEST_SCHEMA}.schema_migrations ORDER BY version`,
    );
    assert.deepEqual(
      versions.rows.map((r) => r.version),
      readMigrations().map((m) => m.version),
    );
    // pg-boss's own (`__pgboss__…`) apart.
    const queues = await clientA.query(
      `SELECT name FROM ${TEST_SCHEMA}_pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%'`,
    );
    assert.deepEqual(queues.rows.map((r) => r.name).sort(), JOBS.map((j) => j.name).sort());
    await clientA.query(`INSERT INTO ${TEST_SCHEMA}.organizations (id, name) VALUES ('org_copy_a', 'a')`);
    const inB = await clientB.query(
      `SELECT count(*)::int AS n FROM ${TEST_SCHEMA}.organizations WHERE id = 'org_copy_a'`,
    );
    assert.equal(inB.rows[0].n, 0, 'a row written in one copy is not in the other');
  } finally {
    await Promise.all([clientA.end(), clientB.end()]);
    await Promise.all([a.drop(), b.drop()]);
  }
});

test("a run's databases are told apart by the run's id, and its age by the id", () => {
  const at = Date.UTC(2026, 11, 2, 7, 0, 0);
  const run = newRunId(at);
  assert.equal(runStartedAt(run), at);
  assert.equal(runOfDatabase(testDatabaseName(run, '0123456789')), run);
  assert.equal(runOfDatabase(testDatabaseName(undefined, '0123456789')), undefined, 'outside a run');
  assert.equal(runOfDatabase('postroom_test'), undefined);
});
