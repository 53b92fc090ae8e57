import type PgBoss from 'pg-boss';
import type { Pool } from '../db/pool.js';
import type { Clock } from '../platform/clock.js';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys.js';

export interface JobContext {
  pool: Pool;
  clock: Clock;
  log: (obj: object, msg: string) => void;
}

/** One durable job kind: its queue, how workers take it, and (optionally) a cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  queue?: Omit<PgBoss.Queue, 'name'>;
  work?: PgBoss.WorkOptions;
  cron?: string;
  run(data: T, ctx: JobContext): Promise<void>;
}

/** Every job kind, in one list. */
export const JOBS: JobDefinition<any>[] = [sweepIdempotencyKeys];

export async function startWorkers(boss: PgBoss, ctx: JobContext, jobs = JOBS): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, ...job.queue });
    await boss.work(job.name, job.work ?? {}, async (batch) => {
      for (const item of batch) await job.run(item.data as object, ctx);
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
}
