import type pg from 'pg';
import PgBoss from 'pg-boss';
import { QueueDb } from './queue-db.js';

/** pg-boss's schema beside the app's schema `schema`. */
export const bossSchema = (schema: string) => `${schema === 'public' ? '' : `${schema}_`}pgboss`;

/**
 * pg-boss on the same database: durable jobs, schedules and retries that survive restarts.
 * Workers can run in `serve` or in separate `postroom worker` processes.
 */
export async function startQueue(
  url: string,
  schema: string,
  onError: (err: Error) => void,
  maintenanceIntervalSeconds = 120,
  applicationName = 'postroom-jobs',
  poolMax = 10,
): Promise<PgBoss> {
  const db = new QueueDb({ connectionString: url, max: poolMax, application_name: applicationName }, onError);
  const boss = new JobQueue(
    {
      db,
      schema: bossSchema(schema),
      // Short cron polling so schedules such as the idempotency sweep stay punctual.
      cronMonitorIntervalSeconds: 30,
      // Maintenance is what notices expired jobs (a worker that died mid-job).
      maintenanceIntervalSeconds,
    },
    db,
  );
  boss.on('error', onError);
  try {
    await boss.start();
  } catch (err) {
    await db.close();
    throw err;
  }
  return boss;
}

/** pg-boss on a QueueDb (queue-db.ts says why), which its stop closes as pg-boss closes a pool of its own. */
class JobQueue extends PgBoss {
  readonly #db: QueueDb;
  #close = true;
  #closing?: Promise<void>;
  stopping = false;

  constructor(options: PgBoss.ConstructorOptions, db: QueueDb) {
    super(options);
    this.#db = db;
    // Where pg-boss would close its own pool: once jobs in hand are done or handed back.
    this.on('stopped', () => {
      if (this.#close) this.#closing = this.#db.close();
    });
  }

  override async stop(options: PgBoss.StopOptions = {}): Promise<void> {
    this.stopping = true;
    this.#close = options.close ?? true;
    await super.stop(options);
    await this.#closing;
  }
}

/**
 * Whether `boss` has begun to stop. A worker's fetch that was running when the stop began can
 * still take jobs after pg-boss has looked for jobs in hand to give back; its workers then hand
 * such jobs straight back (registry.ts) rather than start them on a queue about to close.
 */
export function queueStopping(boss: PgBoss): boolean {
  return boss instanceof JobQueue && boss.stopping;
}

/** Lets a job be enqueued inside the caller's transaction, so it exists only if the transaction commits. */
export function inTransaction(client: pg.PoolClient): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
}
