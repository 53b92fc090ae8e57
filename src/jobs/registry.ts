import type PgBoss from 'pg-boss';
import { addverList, addverListFailed } from '../api/addver-lists/addver-list.job.js';
import type { JobAttempt, JobContext, JobDefinition } from '../api/job-definition.js';
import { campaignProgress } from '../api/print-mail/campaigns/campaign-progress.job.js';
import { campaignSendFailed, sendCampaign } from '../api/print-mail/campaigns/campaign-send.job.js';
import { validateCampaign } from '../api/print-mail/campaigns/campaign-validate.job.js';
import { sweepKeptForOrders } from '../api/print-mail/documents/sweep-kept-for-orders.job.js';
import { mailingListImport } from '../api/print-mail/mailing-list-imports/mailing-list-import.job.js';
import { mailingListImportFailed } from '../api/print-mail/mailing-list-imports/mailing-list-import-failed.job.js';
import { mailingListJob, mailingListJobFailed } from '../api/print-mail/mailing-lists/mailing-list.job.js';
import { advanceOrders } from '../api/print-mail/orders/advance-orders.job.js';
import { assemblePrintBatchesJob } from '../api/print-mail/orders/assemble-print-batches.job.js';
import { renderOrder } from '../api/print-mail/orders/render-order.job.js';
import { renderOrderFailed } from '../api/print-mail/orders/render-order-failed.job.js';
import { reportExport, reportExportFailed } from '../api/print-mail/reports/report-export.job.js';
import { targetedListBuild } from '../api/print-mail/targeted-list-builds/targeted-list-build.job.js';
import { targetedListBuildFailed } from '../api/print-mail/targeted-list-builds/targeted-list-build-failed.job.js';
import { targetedListBuildQuote } from '../api/print-mail/targeted-list-builds/targeted-list-build-quote.job.js';
import { sweepTemplateEditorSessions } from '../api/print-mail/template-editor-sessions/sweep-editor-sessions.job.js';
import { resumeScanImports } from '../api/print-mail/tracking/scan-import-resume.job.js';
import type { Config } from '../config/config.js';
import { retryTransient } from '../db/retry-transient.js';
import { queueStopping } from './queue.js';
import { WORKER_POLL_SECONDS } from './queue-watch.js';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys.js';
import { sweepRetention } from './sweep-retention.js';

/**
 * Every job kind, in one list. (Webhook delivery is the exception: it runs its own loops for
 * sub-second latency, see webhook-worker.ts; runtime.ts starts it.)
 */
export const JOBS: JobDefinition<any>[] = [
  sweepIdempotencyKeys,
  sweepRetention,
  sweepTemplateEditorSessions,
  sweepKeptForOrders,
  resumeScanImports,
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

type QueueOptions = Omit<PgBoss.Queue, 'name'>;

/** Whether a queue's stored options differ from those its job asks for. */
function drifted(wanted: QueueOptions | undefined, stored: PgBoss.QueueResult): boolean {
  const have = stored as unknown as Record<string, unknown>;
  return Object.entries({ policy: 'standard', ...wanted }).some(([key, value]) => have[key] !== value);
}

/**
 * Makes every queue, so any process (an API without workers too) can enqueue, and brings an
 * existing queue's options to what its job asks for now (a setting such as the render job's
 * expiry changed since the queue was made). pg-boss refuses a queue whose dead-letter queue does
 * not exist yet, so those go first, whatever the order of the list. One read of the queues
 * first: on a schema that has them all, a start makes none.
 */
export async function createQueues(boss: PgBoss, config: Config, jobs = JOBS): Promise<void> {
  const queues = jobs.map((job) => ({
    name: job.name,
    options: typeof job.queue === 'function' ? job.queue(config) : job.queue,
  }));
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  const done = new Set<string>();
  const make = async (queue: (typeof queues)[number]): Promise<void> => {
    if (done.has(queue.name)) return;
    done.add(queue.name);
    const deadLetter = queues.find((q) => q.name === queue.options?.deadLetter);
    if (deadLetter) await make(deadLetter);
    const stored = existing.get(queue.name);
    if (stored) {
      if (drifted(queue.options, stored))
        await boss.updateQueue(queue.name, { name: queue.name, ...queue.options });
      return;
    }
    // Processes starting together on a new database can deadlock in pg-boss's create_queue
    // (seen with the compose deployment's four); making a queue that exists changes nothing,
    // so the deadlock's loser makes it again.
    await retryTransient(() => boss.createQueue(queue.name, { name: queue.name, ...queue.options }), 6);
  };
  for (const queue of queues) await make(queue);
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

/** A job fetched as its queue stops fails at once, so pg-boss puts it back to run again. */
function handBack(): Promise<never> {
  return Promise.reject(new Error('the job queue stopped before this job began; it runs again'));
}

/** Which of JOBS a process works: all of them, or only those that make PDFs, or all but those. */
export type JobShare = 'all' | 'pdfs' | 'all-but-pdfs';

export function jobsFor(share: JobShare): JobDefinition<any>[] {
  if (share === 'all') return JOBS;
  return JOBS.filter((job) => Boolean(job.makesPdfs) === (share === 'pdfs'));
}

/**
 * Works `jobs` in this process; every queue is created, so it can enqueue the others too.
 * Answers the workers' ids by queue, for watchQueues (queue-watch.ts), which wakes them when
 * their queue has jobs due: their own polls are only a net under it (WORKER_POLL_SECONDS).
 */
export async function startWorkers(
  boss: PgBoss,
  ctx: JobContext,
  jobs = JOBS,
): Promise<Map<string, string[]>> {
  await createQueues(boss, ctx.config);
  const workers = new Map<string, string[]>();
  for (const job of jobs) {
    const ids: string[] = [];
    for (let i = 0; i < (job.workers ?? 1); i++) {
      const options = { ...job.work, pollingIntervalSeconds: WORKER_POLL_SECONDS };
      const handle = batchHandler(job, ctx, boss);
      ids.push(
        await boss.work(job.name, options, (batch: PgBoss.Job<object>[]) =>
          queueStopping(boss) ? handBack() : handle(batch),
        ),
      );
    }
    workers.set(job.name, ids);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  return workers;
}
