import pg from 'pg';
import type { Pool } from '../db/pool.js';
import type { Scope } from '../db/scope.js';
import { apiError, invalid } from '../platform/errors.js';
import { checkedReportSql } from './checked-sql.js';
import { quoteIdent } from './report-views.js';
import type { SandboxSetup } from './sandbox-install.js';
import { reportQueryError } from './sql-errors.js';

export interface ReportQuery {
  sql: string;
  params: readonly string[];
}

export interface RunLimits {
  /** The whole run, every fetch included. */
  timeoutMs: number;
  /** A row larger than this as JSON ends the run with report_result_too_large_error. */
  maxRowBytes: number;
  /** Ask for the result's column names first (an export's CSV header). */
  describe?: boolean;
}

/** Rows of a running report, as JSON text, fetched on demand. */
export interface ReportCursor {
  columns: string[];
  /** Up to `count` more rows; an empty array at the end. */
  fetch(count: number): Promise<string[]>;
}

/**
 * Runs a caller's SQL as the report reader role (sandbox-install.ts), over connections of its
 * own: bound to the caller's organization and mode by the app's own connection, read only,
 * time-limited by PostgreSQL and, as a backstop, cancelled from outside when over time.
 */
export class ReportSandbox {
  private readers: Pool | undefined;
  private readonly pids = new WeakMap<pg.PoolClient, number>();

  constructor(
    private readonly admin: Pool,
    private readonly setup: SandboxSetup | { unavailable: string },
    private readonly databaseUrl: string,
  ) {}

  async run<T>(
    scope: Scope,
    query: ReportQuery,
    limits: RunLimits,
    consume: (c: ReportCursor) => Promise<T>,
  ): Promise<T> {
    const setup = this.setup;
    if ('unavailable' in setup)
      throw apiError('service_unavailable_error', `Reports are not available: ${setup.unavailable}.`);
    const prepared = prepareSql(query);
    const client = await this.readerPool(setup).connect();
    let broken = false;
    let pid = this.pids.get(client);
    if (pid === undefined) {
      pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      this.pids.set(client, pid);
    }
    await this.admin.query(
      `INSERT INTO report_bindings (pid, org_id, live) VALUES ($1, $2, $3)
       ON CONFLICT (pid) DO UPDATE SET org_id = EXCLUDED.org_id, live = EXCLUDED.live, bound_at = now()`,
      [pid, scope.orgId, scope.live],
    );
    let timedOut = false;
    const backstop = setTimeout(() => {
      timedOut = true;
      this.admin.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
    }, limits.timeoutMs + 1000);
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`);
      await client.query(`SET LOCAL search_path = ${quoteIdent(setup.viewSchema)}`);
      const values = [...query.params];
      let columns: string[] = [];
      if (limits.describe) {
        const described = await client.query(extended(`SELECT * FROM (\n${prepared}\n) q LIMIT 0`, values));
        columns = described.fields.map((f) => f.name);
      }
      await client.query(
        extended(
          `DECLARE report NO SCROLL CURSOR FOR
SELECT CASE WHEN octet_length(r) <= ${limits.maxRowBytes} THEN r END AS r, octet_length(r) AS n
FROM (SELECT row_to_json(q)::text AS r FROM (\n${prepared}\n) q) s`,
          values,
        ),
      );
      return await consume({
        columns,
        fetch: async (count) => {
          const res = await client.query<{ r: string | null; n: number }>(
            `FETCH ${Math.floor(count)} FROM report`,
          );
          if (res.rows.some((row) => row.r === null))
            throw apiError(
              'report_result_too_large_error',
              `A row of the result is larger than ${limits.maxRowBytes} bytes; select fewer or shorter columns.`,
            );
          return res.rows.map((row) => row.r as string);
        },
      });
    } catch (err) {
      if (err instanceof pg.DatabaseError) throw reportQueryError(err, timedOut, limits.timeoutMs);
      broken = !(err instanceof Error && 'statusCode' in err);
      throw err;
    } finally {
      clearTimeout(backstop);
      // DISCARD ALL undoes whatever the query changed in its session (settings, advisory locks).
      await client.query('ROLLBACK').catch(() => (broken = true));
      await client.query('DISCARD ALL').catch(() => (broken = true));
      await this.admin.query('DELETE FROM report_bindings WHERE pid = $1', [pid]).catch(() => {});
      client.release(broken || timedOut);
    }
  }

  async close(): Promise<void> {
    await this.readers?.end();
  }

  private readerPool(setup: SandboxSetup): Pool {
    if (!this.readers) {
      const url = new URL(this.databaseUrl);
      url.username = setup.role;
      url.password = setup.password;
      this.readers = new pg.Pool({
        connectionString: url.toString(),
        max: 4,
        application_name: 'postroom-reports',
        options: '-c jit=off',
      });
      this.readers.on('error', () => {});
      // A checked-out client losing its connection must not end the process (db/pool.ts).
      this.readers.on('connect', (client) => client.on('error', () => {}));
    }
    return this.readers;
  }
}

/**
 * The extended protocol even without parameters: the simple protocol would run several
 * statements from one text, and a report is exactly one.
 */
const extended = (text: string, values: string[]) =>
  ({ text, values, queryMode: 'extended' }) as pg.QueryConfig;

function prepareSql(query: ReportQuery): string {
  const prepared = checkedReportSql(query.sql, query.params);
  if (prepared.parameterCount !== query.params.length)
    throw invalid(
      'params',
      `holds ${query.params.length} value${query.params.length === 1 ? '' : 's'} but the query refers to ${prepared.parameterCount}.`,
    );
  return prepared.text;
}
