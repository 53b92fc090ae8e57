import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { loadSecret } from '../../src/platform/server-secrets.repo.js';
import { readerComment } from '../../src/report-sandbox/reader-roles.js';
import { reportRoleName } from '../../src/report-sandbox/sandbox-install.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { TEST_RUN_ENV } from '../helpers/test-run.js';

// A report sees only its own views: nothing of the cluster, other organizations' row counts or
// sizes (issue R2 §3). Each query is tried over HTTP (both layers) and straight over a
// connection of the reader role (the catalog privileges alone, without the check of the text).
const LEAKS = [
  'SELECT relname, n_live_tup FROM pg_stat_user_tables',
  "SELECT reltuples FROM pg_class WHERE relname = 'contacts'",
  "SELECT pg_relation_size('public.contacts')",
  'SELECT datname FROM pg_database',
  'SELECT rolname FROM pg_roles',
  'SELECT count(*) FROM pg_catalog.pg_namespace',
  "SELECT pg_stat_get_live_tuples('contacts'::regclass)",
  "SELECT pg_total_relation_size('contacts'::regclass)",
  "SELECT pg_database_size('postgres')",
  "SELECT has_database_privilege('postgres', 'CONNECT')",
  'SELECT pg_get_userbyid(10)',
  'SELECT inet_server_port()',
  'SELECT name, setting FROM pg_settings',
  "SELECT query_to_xml('SELECT relname FROM pg_class', true, true, '')",
  'SELECT count(*) FROM "pg_class"',
  'SELECT count(*) FROM U&"pg\\005fclass"',
];

let server: TestServer;
let emptyKey: string;
before(async () => {
  server = await startTestServer();
  const busy = await server.key({ org: 'catalog-busy' });
  for (const firstName of ['Ada', 'Grace']) {
    const res = await server.request('POST', '/print-mail/v1/contacts', {
      key: busy,
      json: {
        firstName,
        addressLine1: '1 Main St',
        city: 'Boston',
        provinceOrState: 'MA',
        countryCode: 'US',
      },
    });
    assert.equal(res.status, 201, res.text);
  }
  emptyKey = await server.key({ org: 'catalog-empty' });
});
after(() => server.close());

describe('the report sandbox sees only its own views', () => {
  test('over HTTP, every catalog and cluster query is refused 403', async () => {
    for (const sqlQuery of LEAKS) {
      const res = await server.request('POST', '/print-mail/v1/reports/samples', {
        key: emptyKey,
        json: { sqlQuery },
      });
      assert.equal(res.status, 403, `${sqlQuery}: ${res.text}`);
      assert.equal(res.body.error.type, 'report_query_forbidden_error', sqlQuery);
    }
    const own = await server.request('POST', '/print-mail/v1/reports/samples', {
      key: emptyKey,
      json: { sqlQuery: 'SELECT count(*)::int AS n, pg_typeof(1)::text AS t FROM contacts' },
    });
    assert.deepEqual(own.body.records, [{ n: 0, t: 'integer' }], own.text);
  });

  test('the reader role itself has no privilege on any of them', async () => {
    const { config } = server.runtime;
    const pool = server.runtime.db.pool;
    const password = (await loadSecret(pool, 'report-reader-password', () => Buffer.alloc(0))).toString(
      'hex',
    );
    const db = (await pool.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
    const url = new URL(config.databaseUrl ?? '');
    url.username = reportRoleName(db, server.schema);
    url.password = password;
    const reader = new pg.Client({ connectionString: url.toString() });
    await reader.connect();
    try {
      // U&"" spellings are the lexical layer's concern; over a raw connection they are pg_class
      for (const leak of LEAKS.filter((q) => !q.includes('U&'))) {
        const sql = leak.replace('public.', `${server.schema}.`);
        await assert.rejects(reader.query(sql), (err: pg.DatabaseError) => {
          assert.equal(err.code, '42501', `${sql}: ${err.message}`);
          return true;
        });
      }
    } finally {
      await reader.end();
    }
  });
});

describe('reader roles do not outlive their database or schema', () => {
  test('a start drops the readers of databases and schemas that are gone; a closed server leaves none', async () => {
    const admin = new pg.Client({ connectionString: server.runtime.config.databaseUrl });
    await admin.connect();
    try {
      const db = (await admin.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
      const ghosts = {
        postroom_reports_ghost_db: readerComment('no_such_database_x', 'public'),
        postroom_reports_ghost_schema: readerComment(db, 't_no_such_schema'),
      };
      for (const [role, comment] of Object.entries(ghosts)) {
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.query(`CREATE ROLE ${role} NOLOGIN`);
        await admin.query(`COMMENT ON ROLE ${role} IS '${comment}'`);
      }
      const exists = async (name: string) =>
        (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount === 1;
      // A start in this database sweeps both: one names a database that is gone, one a schema gone from here.
      await server.restart();
      for (const ghost of Object.keys(ghosts)) assert.ok(!(await exists(ghost)), `${ghost} was dropped`);
      // Outside a run of the suite, so its close drops its database now (a run's wait for the end).
      const run = process.env[TEST_RUN_ENV];
      delete process.env[TEST_RUN_ENV];
      const other = await startTestServer({}, { workers: false }).finally(() => {
        if (run) process.env[TEST_RUN_ENV] = run;
      });
      const otherDb = new URL(other.databaseUrl).pathname.slice(1);
      const role = reportRoleName(otherDb, other.schema);
      try {
        assert.ok(await exists(role), 'the new server has its reader');
      } finally {
        await other.close();
      }
      assert.ok(!(await exists(role)), 'a closed test server leaves no role behind');
    } finally {
      await admin.end();
    }
  });
});
