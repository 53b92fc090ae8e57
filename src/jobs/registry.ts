import type PgBoss from 'pg-boss';
import type { Config } from '../config/config.js';
import type { Pool } from '../db/pool.js';
import type { LetterRenderer } from '../engines/render/index.js';
import type { Clock } from '../platform/clock.js';
import type { UrlSigner } from '../platform/signed-url.js';
import type { BlobStore } from '../storage/blob-store.js';
import { advanceOrders } from './advance-orders.js';
import { assemblePrintBatchesJob } from './assemble-print-batches.js';
import { renderOrder } from './render-order.js';
import { renderOrderFailed } from './render-order-failed.js';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys.js';

export interface JobContext {
  config: Config;
  pool: Pool;
  clock: Clock;
  log: (obj: object, msg: string) => void;
  boss: PgBoss;
  blobs: BlobStore;
  signer: UrlSigner;
  /** Where render jobs render (one per process: a RenderThread in servers). */
  renderer: LetterRenderer;
}

/** One durable job kind: its queue, how workers take it, and (optionally) a cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Queue options, or a function of the configuration when they depend on it. */
  queue?: Omit<PgBoss.Queue, 'name'> | ((config: Config) => Omit<PgBoss.Queue, 'name'>);
  work?: PgBoss.WorkOptions;
  cron?: string;
  /** Workers this process runs for the queue (each takes one batch at a time); default 1. */
  workers?: number;
  run(data: T, ctx: JobContext): Promise<void>;
}

/**
 * Every job kind, in one list. (Webhook delivery is the exception: it runs its own loops for
 * sub-second latency, see webhook-worker.ts; runtime.ts starts it.)
 */
export const JOBS: JobDefinition<any>[] = [
  sweepIdempotencyKeys,
  renderOrderFailed, // before renderOrder: a dead-letter queue must exist first
  renderOrder,
  advanceOrders,
  assemblePrintBatchesJob,
];

/** Creates every queue, so any process (an API without workers too) can enqueue. */
export async function createQueues(boss: PgBoss, config: Config, jobs = JOBS): Promise<void> {
  for (const job of jobs) {
    const options = typeof job.queue === 'function' ? job.queue(config) : job.queue;
    await boss.createQueue(job.name, { name: job.name, ...options });
  }
}

export async function startWorkers(boss: PgBoss, ctx: JobContext, jobs = JOBS): Promise<void> {
  await createQueues(boss, ctx.config, jobs);
  for (const job of jobs) {
    for (let i = 0; i < (job.workers ?? 1); i++) {
      await boss.work(job.name, job.work ?? {}, async (batch) => {
        for (const item of batch) await job.run(item.data as object, ctx);
      });
    }
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
}
