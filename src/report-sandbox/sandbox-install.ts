import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../db/pool.js';
import { loadSecret } from '../platform/server-secrets.repo.js';
import { hideSystemFromPublic } from './catalog-privileges.js';
import { readerComment, sweepOrphanReaders } from './reader-roles.js';
import { mailingListMembersSql, ordersUnionSql, quoteIdent, REPORT_VIEWS, viewSql } from './report-views.js';

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

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
    await client.query(`COMMENT ON ROLE ${quoteIdent(role)} IS ${quoteLiteral(readerComment(db, schema))}`);
    await sweepOrphanReaders(client);
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
    if (rolsuper) await hideSystemFromPublic(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return { role, password, viewSchema };
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
