import pg from 'pg';

export type Pool = pg.Pool;
/** Anything that runs a query: the pool, or a client inside a transaction. Repos take this. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

// timestamptz and bigint come back as strings; ISO text is what the API returns anyway.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PoolOptions {
  /** A schema to work in (tests get a throwaway one); `public` stays on the path for extensions. */
  schema?: string;
  max?: number;
  /** What pg_stat_activity shows for these connections (default `postroom`). */
  applicationName?: string;
}

export function createPool(url: string, options: PoolOptions = {}): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    // JIT off: API queries are short, and a count over many rows can cross jit_above_cost,
    // where compiling costs tens of milliseconds more than it saves (a p99 spike).
    options: ['-c jit=off', options.schema ? `-c search_path=${options.schema},public` : '']
      .filter(Boolean)
      .join(' '),
    application_name: options.applicationName ?? 'postroom',
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction between statements when the database goes away):
  // pg-pool listens for errors only on idle clients, and an 'error' event nobody listens for
  // ends the process. The statement in flight still fails, and the transaction with it.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
