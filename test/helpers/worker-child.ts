/**
 * A job-worker process on a test server's schema and data dir, for crash tests: started with
 * spawn-worker.ts (compiled, or from the sources under tsx) and killed with SIGKILL mid-work.
 * Env: DATABASE_URL, POSTROOM_DATA_DIR, TEST_SCHEMA, optionally POSTROOM_RENDERS=child.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config/config.js';
import { startRuntime } from '../../src/runtime.js';

const config = loadConfig(process.env, {
  allowPrivateUrls: true,
  rateLimitPerSecond: 0,
  // By default this process renders, so it is the one killed mid-render; POSTROOM_RENDERS=child
  // makes it start a render child, as `postroom serve` and `postroom worker` do.
  renders: process.env.POSTROOM_RENDERS === 'child' ? 'child' : 'here',
});
await startRuntime(config, {
  http: false,
  workers: true,
  schema: process.env.TEST_SCHEMA,
  logger: pino({ level: 'warn' }),
});
console.log('worker ready');
