import type PgBoss from 'pg-boss';
import type { Config } from '../config/config.js';
import type { RenderGate } from '../platform/render-gate.js';
import type { AppDeps } from './deps.js';

/**
 * What a job runs with: everything a route has (AppDeps, built once per process in
 * runtime.ts), plus the job's log and the gate that lets renders make way for the API.
 */
export interface JobContext extends AppDeps {
  log: (obj: object, msg: string) => void;
  renderGate: RenderGate;
}

/** One durable job kind: its queue, how workers take it, and (optionally) a cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Queue options, or a function of the configuration when they depend on it. */
  queue?: Omit<PgBoss.Queue, 'name'> | ((config: Config) => Omit<PgBoss.Queue, 'name'>);
  /** How workers fetch (batch size, metadata); how soon is the queue watch's (jobs/queue-watch.ts). */
  work?: Omit<PgBoss.WorkOptions, 'pollingIntervalSeconds'>;
  cron?: string;
  /** Workers this process runs for the queue (each takes one batch at a time); default 1. */
  workers?: number;
  /**
   * Makes PDFs (Chromium, pdf-lib): the job runs where renders run, which is a low-priority
   * child process by default (Config.renders, jobs/render-child.ts), not beside the API.
   */
  makesPdfs?: boolean;
  run(data: T, ctx: JobContext, attempt?: JobAttempt): Promise<void>;
}

/**
 * What is known of this run of a job: earlier failures (with `work.includeMetadata`; otherwise
 * empty), for a job that treats a failure seen twice differently (orders/render-order.job.ts).
 */
export interface JobAttempt {
  retryCount?: number;
  /** The previous run's error, as pg-boss stored it (`{message, stack}`). */
  output?: unknown;
}
