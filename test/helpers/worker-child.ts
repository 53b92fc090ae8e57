/**
 * A job-worker process on a test server's schema and data dir, for crash tests: started with
 * `node --import tsx test/helpers/worker-child.ts` and killed with SIGKILL mid-work.
 * Env: DATABASE_URL, POSTROOM_DATA_DIR, TEST_SCHEMA.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config/config.js';
import { startRuntime } from '../../src/runtime.js';

const config = loadConfig(process.env, { allowPrivateUrls: true, rateLimitPerSecond: 0 });
await startRuntime(config, {
  http: false,
  workers: true,
  schema: process.env.TEST_SCHEMA,
  logger: pino({ level: 'warn' }),
});
console.log('worker ready');
