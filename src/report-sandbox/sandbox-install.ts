import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../db/pool.js';
import { loadSecret } from '../platform/server-secrets.repo.js';
import { mailingListMembersSql, ordersUnionSql, quoteIdent, REPORT_VIEWS, viewSql } from './report-views.js';

/**
 * Builds the sandbox reports run in (docs/reports.md): a login role that owns nothing and can
 * read only the report views, a schema of views that show the bound organization's rows, and
 * the session defaults of that role. Idempotent; every process runs it at start.
 */
export interface SandboxSetup {
  role: string;
  password: string;
  viewSchema: string;
}

// One key for every schema of the database: the REVOKEs below change shared catalog rows,
// which concurrent transactions must not update at once.
const INSTALL_LOCK = 0x7265706f;

/** Functions every role may call by default that would let one report reach another's session or the server's locks. */
const REVOKED_FUNCTIONS = `
  p.proname IN ('pg_cancel_backend', 'pg_terminate_backend', 'pg_stat_get_activity', 'pg_notify',
                'pg_stat_get_backend_activity', 'pg_blocking_pids', 'pg_safe_snapshot_blocking_pids')
  OR p.proname LIKE 'pg\\_%advisory\\_%'`;

export function reportRoleName(database: string, schema: string): string {
  const name = `postroom_reports_${schema === 'public' ? database : `${database}_${schema}`}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  return name.length <= 63
    ? name
    : `postroom_reports_${createHash('sha256').update(name).digest('hex').slice(0, 20)}`;
}

export const reportViewSchema = (schema: string) =>
  schema === 'public' ? 'postroom_reports' : `${schema}_reports`;

/** Returns the setup, or the reason reports cannot run on this database (a role without CREATEROLE). */
export async function installReportSandbox(
  pool: Pool,
  schema: string,
  limits: { sampleTimeoutMs: number },
): Promise<SandboxSetup | { unavailable: string }> {
  const me = await pool.query<{ db: string; rolsuper: boolean; rolcreaterole: boolean }>(
    `SELECT current_database() AS db, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user`,
  );
  const { db, rolsuper, rolcreaterole } = me.rows[0];
  if (!rolsuper && !rolcreaterole)
    return { unavailable: 'the database user cannot create the report reader role (it needs CREATEROLE)' };
  const role = reportRoleName(db, schema);
  const viewSchema = reportViewSchema(schema);
  const password = (await loadSecret(pool, 'report-reader-password', () => randomBytes(24))).toString('hex');
  const views = viewDefinitions(schema, viewSchema);
  const version = createHash('sha256').update(views.join('\n')).digest('hex');

  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [INSTALL_LOCK]);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const how = exists.rowCount ? 'ALTER' : 'CREATE';
    await client.query(
      `${how} ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION ` +
        `NOBYPASSRLS CONNECTION LIMIT 32 PASSWORD '${password}'`,
    );
    // Defaults for any session of the role; each run also sets its own limits (report-sandbox.ts).
    for (const setting of [
      `default_transaction_read_only = on`,
      `statement_timeout = ${limits.sampleTimeoutMs}`,
      `idle_in_transaction_session_timeout = 60000`,
      `search_path = ${quoteIdent(viewSchema)}`,
      `work_mem = '16MB'`,
      ...(rolsuper ? [`temp_file_limit = '1GB'`] : []),
    ])
      await client.query(`ALTER ROLE ${quoteIdent(role)} SET ${setting}`);

    const current = await client.query<{ version: string | null }>(
      `SELECT obj_description(oid, 'pg_namespace') AS version FROM pg_namespace WHERE nspname = $1`,
      [viewSchema],
    );
    if (current.rows[0]?.version !== version) {
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(viewSchema)} CASCADE`);
      await client.query(`CREATE SCHEMA ${quoteIdent(viewSchema)}`);
      for (const statement of views) await client.query(statement);
      await client.query(`COMMENT ON SCHEMA ${quoteIdent(viewSchema)} IS '${version}'`);
    }
    await client.query(`REVOKE ALL ON SCHEMA ${quoteIdent(viewSchema)} FROM PUBLIC`);
    await client.query(`GRANT USAGE ON SCHEMA ${quoteIdent(viewSchema)} TO ${quoteIdent(role)}`);
    await client.query(
      `GRANT SELECT ON ALL TABLES IN SCHEMA ${quoteIdent(viewSchema)} TO ${quoteIdent(role)}`,
    );
    if (rolsuper) await revokeSessionFunctions(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return { role, password, viewSchema };
}

async function revokeSessionFunctions(client: import('pg').PoolClient): Promise<void> {
  const granted = await client.query<{ sig: string }>(
    `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
      WHERE p.pronamespace = 'pg_catalog'::regnamespace AND (${REVOKED_FUNCTIONS})
        AND (p.proacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0))`,
  );
  for (const { sig } of granted.rows) await client.query(`REVOKE EXECUTE ON FUNCTION ${sig} FROM PUBLIC`);
}

function viewDefinitions(schema: string, viewSchema: string): string[] {
  const source = quoteIdent(schema);
  const target = quoteIdent(viewSchema);
  const view = (name: string, sql: string) =>
    `CREATE VIEW ${target}.${quoteIdent(name)} WITH (security_barrier) AS\n${sql}`;
  return [
    ...REPORT_VIEWS.map((v) => view(v.name, viewSql(v, source))),
    view('orders', ordersUnionSql(target)),
    view('mailing_list_members', mailingListMembersSql(source)),
  ];
}
