import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { KeyKind, Mode, Product } from '../../src/platform/auth/api-key.js';
import { createKey } from '../../src/platform/auth/keys.repo.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { dropDatabaseAndReaders } from '../../src/report-sandbox/reader-roles.js';
import { nodeArgsFor, ROOT } from './code-root.js';
import { TEST_RENDER_PRIORITY_ENV } from './render-priority.js';
import { testDatabaseUrl } from './test-database.js';

/**
 * Real `postroom serve` and `postroom worker` processes for fault tests: each test gets a
 * database of its own (real processes work in the `public` schema, as in production), and
 * kills, restarts and counts processes as an operator would.
 */
export interface ThrowawayDatabase {
  url: string;
  /** A key for an organization (created when missing), written straight to the database. */
  key(opts?: { org?: string; mode?: Mode; product?: Product; kind?: KeyKind }): Promise<string>;
  query<R extends pg.QueryResultRow = any>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  drop(): Promise<void>;
}

export async function throwawayDatabase(adminUrl?: string): Promise<ThrowawayDatabase> {
  const admin = adminUrl ?? (await testDatabaseUrl());
  const name = `f_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  const poolOf = () => {
    if (!pool) {
      pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
      pool.on('error', () => {}); // the fault tests stop PostgreSQL under it
    }
    return pool;
  };
  return {
    url: url.toString(),
    async key({ org = 'acme', mode = 'test', product = 'print-mail', kind = 'secret' } = {}) {
      const organization = await ensureOrganization(poolOf(), org);
      return (await createKey(poolOf(), organization.id, mode, product, kind)).key;
    },
    query: (sql, params) => poolOf().query(sql, params),
    async drop() {
      await pool?.end();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await dropDatabaseAndReaders(c, name);
      await c.end();
    },
  };
}

export interface PostroomProcess {
  child: ChildProcess;
  pid: number;
  /** What it printed so far (stdout and stderr, the last 200 KB). */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string | null>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), and waits for the exit. */
  stop(): Promise<void>;
  /**
   * Ctrl-C in a terminal: SIGINT to the whole process group (started with `ownGroup`, the
   * process leads one, as a shell's foreground job does), and waits for the exit.
   */
  interrupt(): Promise<void>;
}

const READY = { serve: /postroom listening/, worker: /postroom worker running/ };
const running = new Set<ChildProcess>();
// A test that fails half-way must not leave servers holding ports for the next file.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `postroom serve` or `postroom worker` of the code under test (from test-build/ when the
 * suite runs compiled, else the sources under tsx) with `env`; resolves once it is ready.
 */
export async function startPostroom(
  command: 'serve' | 'worker',
  env: Record<string, string>,
  timeoutMs = 120_000,
  options: { ownGroup?: boolean } = {},
): Promise<PostroomProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgsFor('test/helpers/postroom-cli.ts'), command], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'info', ...TEST_RENDER_PRIORITY_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !!options.ownGroup,
  });
  running.add(child);
  let out = '';
  const collect = (d: Buffer) => {
    out = (out + d).slice(-200_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} not ready in ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const check = () => {
      if (READY[command].test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${out}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    output: () => out,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async interrupt() {
      process.kill(options.ownGroup ? -child.pid! : child.pid!, 'SIGINT');
      await exited;
    },
  };
}

/** Polls `check` every 200 ms until it returns something truthy, or fails after `ms` with `what`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON request to a running server, as a client sends it. */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers['x-api-key'] = opts.key;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  }).catch((err) => {
    throw new Error(`${method} ${path}: ${err.message} (${err.cause?.code ?? err.cause?.message ?? ''})`);
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body: body as T, headers: res.headers };
}
