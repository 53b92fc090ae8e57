import type PgBoss from 'pg-boss';
import type { ContactAddressing } from '../api/print-mail/contacts/contact-address.js';
import type { Config } from '../config/config.js';
import type { Pool } from '../db/pool.js';
import { retryTransient } from '../db/retry-transient.js';
import type { AddressVerifier } from '../engines/address/verify/index.js';
import type { OrderRenderer } from '../engines/render/index.js';
import type { Clock } from '../platform/clock.js';
import type { DataKeys } from '../platform/data-keys.js';
import type { UrlSigner } from '../platform/signed-url.js';
import type { ReportSandbox } from '../report-sandbox/report-sandbox.js';
import type { BlobStore } from '../storage/blob-store.js';
import { addverList, addverListFailed } from './addver-list.js';
import { advanceOrders } from './advance-orders.js';
import { assemblePrintBatchesJob } from './assemble-print-batches.js';
import { campaignProgress } from './campaign-progress.js';
import { campaignSendFailed, sendCampaign } from './campaign-send.js';
import { validateCampaign } from './campaign-validate.js';
import { mailingListImport } from './mailing-list-import.js';
import { mailingListImportFailed } from './mailing-list-import-failed.js';
import { mailingListJob, mailingListJobFailed } from './mailing-list-job.js';
import type { RenderGate } from './render-gate.js';
import { renderOrder } from './render-order.js';
import { renderOrderFailed } from './render-order-failed.js';
import { reportExport, reportExportFailed } from './report-export.js';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys.js';
import { sweepKeptForOrders } from './sweep-kept-for-orders.js';
import { sweepRetention } from './sweep-retention.js';
import { sweepTemplateEditorSessions } from './sweep-template-editor-sessions.js';
import { targetedListBuild } from './targeted-list-build.js';
import { targetedListBuildFailed } from './targeted-list-build-failed.js';
import { targetedListBuildQuote } from './targeted-list-build-quote.js';

export interface JobContext {
  config: Config;
  pool: Pool;
  clock: Clock;
  log: (obj: object, msg: string) => void;
  boss: PgBoss;
  blobs: BlobStore;
  signer: UrlSigner;
  /** Where render jobs render (one per process: a RenderThread in servers). */
  renderer: OrderRenderer;
  /** Lets renders make way for this process's API. */
  renderGate: RenderGate;
  /** Opens sealed secrets a render needs (a cheque's account number). */
  dataKeys: DataKeys;
  /** Verifies addresses, for jobs that create contacts or orders (imports, campaigns). */
  addressing: ContactAddressing;
  /** The address verifier itself, for bulk verification lists. */
  verifier: AddressVerifier;
  /** Runs report exports' SQL in the sandbox. */
  reports: ReportSandbox;
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
  /**
   * Makes PDFs (Chromium, pdf-lib): the job runs where renders run, which is a low-priority
   * child process by default (Config.renders, render-child.ts), not beside the API.
   */
  makesPdfs?: boolean;
  run(data: T, ctx: JobContext, attempt?: JobAttempt): Promise<void>;
}

/**
 * What is known of this run of a job: earlier failures (with `work.includeMetadata`; otherwise
 * empty), for a job that treats a failure seen twice differently (render-order.ts).
 */
export interface JobAttempt {
  retryCount?: number;
  /** The previous run's error, as pg-boss stored it (`{message, stack}`). */
  output?: unknown;
}

/**
 * Every job kind, in one list. (Webhook delivery is the exception: it runs its own loops for
 * sub-second latency, see webhook-worker.ts; runtime.ts starts it.)
 */
export const JOBS: JobDefinition<any>[] = [
  sweepIdempotencyKeys,
  sweepRetention,
  sweepTemplateEditorSessions,
  sweepKeptForOrders,
  renderOrderFailed,
  renderOrder,
  advanceOrders,
  assemblePrintBatchesJob,
  mailingListImportFailed,
  mailingListImport,
  mailingListJobFailed,
  mailingListJob,
  validateCampaign,
  campaignSendFailed,
  sendCampaign,
  campaignProgress,
  reportExportFailed,
  reportExport,
  targetedListBuildFailed,
  targetedListBuildQuote,
  targetedListBuild,
  addverListFailed,
  addverList,
];

/**
 * Creates every queue, so any process (an API without workers too) can enqueue. pg-boss
 * refuses a queue whose dead-letter queue does not exist yet, so those go first, whatever
 * the order of the list.
 */
export async function createQueues(boss: PgBoss, config: Config, jobs = JOBS): Promise<void> {
  const queues = jobs.map((job) => ({
    name: job.name,
    options: typeof job.queue === 'function' ? job.queue(config) : job.queue,
  }));
  const created = new Set<string>();
  const create = async (queue: (typeof queues)[number]): Promise<void> => {
    if (created.has(queue.name)) return;
    created.add(queue.name);
    const deadLetter = queues.find((q) => q.name === queue.options?.deadLetter);
    if (deadLetter) await create(deadLetter);
    // Processes starting together on a new database can deadlock in pg-boss's create_queue
    // (seen with the compose deployment's four); making a queue that exists changes nothing,
    // so the deadlock's loser makes it again.
    await retryTransient(() => boss.createQueue(queue.name, { name: queue.name, ...queue.options }), 6);
  };
  for (const queue of queues) await create(queue);
}

/**
 * Runs a fetched batch's jobs side by side (a job kind that must not overlap takes one at a
 * time: batchSize 1, the default). Each job succeeds or fails alone: a failure is recorded on
 * that job (it retries by itself, with its own count), and pg-boss completes the others when
 * the handler returns (its completion touches only jobs still active). A batch of one throws
 * as before, so pg-boss records the error itself.
 */
export function batchHandler(
  job: JobDefinition,
  ctx: JobContext,
  boss: Pick<PgBoss, 'fail'>,
): (batch: PgBoss.Job<object>[]) => Promise<void> {
  return async (batch) => {
    if (batch.length === 1) return job.run(batch[0].data, ctx, batch[0] as JobAttempt);
    await Promise.all(
      batch.map(async (item) => {
        try {
          await job.run(item.data, ctx, item as JobAttempt);
        } catch (err) {
          const error =
            err instanceof Error
              ? { name: err.name, message: err.message, stack: err.stack }
              : { message: String(err) };
          await boss.fail(job.name, item.id, error);
        }
      }),
    );
  };
}

/** Which of JOBS a process works: all of them, or only those that make PDFs, or all but those. */
export type JobShare = 'all' | 'pdfs' | 'all-but-pdfs';

export function jobsFor(share: JobShare): JobDefinition<any>[] {
  if (share === 'all') return JOBS;
  return JOBS.filter((job) => Boolean(job.makesPdfs) === (share === 'pdfs'));
}

/** Works `jobs` in this process; every queue is created, so it can enqueue the others too. */
export async function startWorkers(boss: PgBoss, ctx: JobContext, jobs = JOBS): Promise<void> {
  await createQueues(boss, ctx.config);
  for (const job of jobs) {
    for (let i = 0; i < (job.workers ?? 1); i++) {
      await boss.work(job.name, job.work ?? {}, batchHandler(job, ctx, boss));
    }
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
}
