import { type ChildProcess, spawn } from 'node:child_process';
import { nodeArgsFor } from './code-root.js';
import { TEST_DB_POOL, type TestServer } from './harness.js';
import { TEST_RENDER_PRIORITY_ENV } from './render-priority.js';

/**
 * Starts a `postroom worker`-like process (test/helpers/worker-child.ts) on `server`'s
 * database, schema and data dir, with `env` on top (settings read from the environment), and
 * resolves once it works jobs. Crash tests kill it with SIGKILL.
 */
export async function spawnWorker(
  server: TestServer,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const { config } = server.runtime;
  const worker = spawn(process.execPath, nodeArgsFor('test/helpers/worker-child.ts'), {
    env: {
      ...process.env,
      DATABASE_URL: config.databaseUrl,
      POSTROOM_DATA_DIR: config.dataDir,
      TEST_SCHEMA: server.schema,
      POSTROOM_DB_POOL: String(TEST_DB_POOL),
      ...TEST_RENDER_PRIORITY_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    worker.stdout!.on('data', (d) => /ready/.test(String(d)) && resolve());
    worker.once('exit', (code) => reject(new Error(`the worker exited with ${code} before it was ready`)));
  });
  return worker;
}
