import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Config, loadConfig } from '../../src/config/config.js';
import type { KeyKind, Mode, Product } from '../../src/platform/auth/api-key.js';
import { createKey } from '../../src/platform/auth/keys.repo.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { ShiftableClock } from '../../src/platform/clock.js';
import { type Runtime, startRuntime } from '../../src/runtime.js';
import { freePort } from './free-port.js';
import { TEST_RENDER_PRIORITY } from './render-priority.js';
import { freshTestDatabase, TEST_SCHEMA, withDatabase } from './template-database.js';

export { freePort };

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  key?: string;
  json?: unknown;
  form?: Record<string, string> | URLSearchParams;
  multipart?: FormData;
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  runtime: Runtime;
  clock: ShiftableClock;
  /** The database this server works in (a copy of the migrated template, its own). */
  databaseUrl: string;
  schema: string;
  /** A key for an organization (created when missing). */
  key(opts?: { org?: string; mode?: Mode; product?: Product; kind?: KeyKind }): Promise<string>;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<Response<T>>;
  /**
   * Stops this runtime (jobs not yet done stay in the queue, renders in flight fail and are
   * retried) and starts a new one on the same schema, data dir, port and clock.
   */
  restart(opts?: { workers?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Run job workers (default true); false is an API that only enqueues. */
  workers?: boolean;
}

/** A test server's main pool (Config.dbPoolMax; its job queue gets half). */
export const TEST_DB_POOL = 8;

/**
 * The status of a GET of `url`, its body read to the end. A body left unread holds its
 * connection open mid-response, and the server's close then waits for it (about 70 s when
 * the body is a PDF bigger than the socket buffers).
 */
export async function statusOf(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

/** A signed link with its signature's first character changed (always to another one). */
export function tamperedLink(url: string): string {
  return url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
}

/**
 * Starts the real app (same wiring as `postroom serve`) on a throwaway database (a copy of the
 * migrated template, template-database.ts), listening on a random loopback port; tests talk to
 * it over HTTP as a client would.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = await freshTestDatabase();
  const schema = TEST_SCHEMA;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-test-'));
  const port = await freePort();
  const config = loadConfig(
    {},
    {
      dataDir,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      rateLimitPerSecond: 0,
      logLevel: 'warn',
      allowPrivateUrls: true,
      // Renders in this process's render thread, on its moved clock; render-child.test.ts
      // covers the child process that `postroom serve` renders in by default.
      renders: 'here',
      ...TEST_RENDER_PRIORITY,
      // 8 connections and the job queue's 4 instead of 20 and 10: test files run several at a
      // time on one PostgreSQL of 100 connections (docs/testing.md, "How long the suite takes").
      dbPoolMax: TEST_DB_POOL,
      ...overrides,
      // An override (a proxy in front of PostgreSQL) says where to connect; the database is still this server's own.
      databaseUrl: overrides.databaseUrl ? withDatabase(overrides.databaseUrl, database.name) : database.url,
    },
  );
  const clock = new ShiftableClock();
  const start = async (workers: boolean) => {
    const started = await startRuntime(config, {
      http: true,
      workers,
      schema,
      clock,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }),
    });
    await started.app!.listen({ port, host: '127.0.0.1' });
    return started;
  };
  let runtime = await start(options.workers ?? true).catch(async (err) => {
    await database.drop();
    throw err;
  });
  const url = `http://127.0.0.1:${port}`;
  const pool = () => runtime.db.pool;

  return {
    url,
    databaseUrl: database.url,
    get runtime() {
      return runtime;
    },
    clock,
    schema,
    async key({ org = 'acme', mode = 'test', product = 'print-mail', kind = 'secret' } = {}) {
      const organization = await ensureOrganization(pool(), org);
      return (await createKey(pool(), organization.id, mode, product, kind)).key;
    },
    async request(method, pathname, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.key) headers['x-api-key'] = opts.key;
      let body: string | FormData | URLSearchParams | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.json);
      } else if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(opts.form as Record<string, string>).toString();
      } else if (opts.multipart) {
        body = opts.multipart;
      } else if (opts.raw) {
        headers['content-type'] = opts.raw.contentType;
        body = opts.raw.body;
      }
      const res = await fetch(url + pathname, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed as any, headers: res.headers, text };
    },
    async restart({ workers = true } = {}) {
      await runtime.close();
      runtime = await start(workers);
    },
    async close() {
      await runtime.close();
      // The database with the report sandbox's reader roles (cluster-wide, so dropped by name).
      await database.drop();
    },
  };
}
