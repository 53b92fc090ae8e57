import type pg from 'pg';
import PgBoss from 'pg-boss';

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
  const boss = new PgBoss({
    connectionString: url,
    schema: `${schema === 'public' ? '' : `${schema}_`}pgboss`,
    max: poolMax,
    application_name: applicationName,
    // Short cron polling so schedules such as the idempotency sweep stay punctual.
    cronMonitorIntervalSeconds: 30,
    // Maintenance is what notices expired jobs (a worker that died mid-job).
    maintenanceIntervalSeconds,
  });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** Lets a job be enqueued inside the caller's transaction, so it exists only if the transaction commits. */
export function inTransaction(client: pg.PoolClient): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
}
