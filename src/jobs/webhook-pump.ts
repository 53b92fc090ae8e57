import type PgBoss from 'pg-boss';
import { findEventsByIds } from '../api/print-mail/events/events.repo.js';
import { findWebhooksByIds } from '../api/print-mail/webhooks/webhooks.repo.js';
import type { Pool } from '../db/pool.js';
import { withTransaction } from '../db/tx.js';
import { type AttemptSettings, attemptDelivery } from './webhook-attempt.js';
import type { OutcomeCommitter } from './webhook-commit.js';
import { type DeliveryJob, fetchDeliveries } from './webhook-queue.js';

type Job = PgBoss.Job<DeliveryJob>;

/**
 * Runs delivery jobs (one event to its webhooks) with up to `maxInFlight` at once, taking more
 * jobs as slots free up rather than batch by batch, so one slow receiver does not hold up the
 * others. Jobs for the same order run one after another in recorded order (per-order ordering).
 */
export class DeliveryPump {
  private inFlight = 0;
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly pool: Pool,
    private readonly boss: PgBoss,
    private readonly committer: OutcomeCommitter,
    private readonly settings: AttemptSettings,
    private readonly log: (obj: object, msg: string) => void,
    readonly maxInFlight = 100,
  ) {}

  get freeSlots(): number {
    return this.maxInFlight - this.inFlight;
  }

  /** Fetches up to the free slots and starts them; returns how many it took. */
  async takeJobs(onSlotFreed: () => void): Promise<number> {
    const free = this.freeSlots;
    if (free <= 0) return 0;
    const jobs = await withTransaction(this.pool, (tx) => fetchDeliveries(this.boss, tx, free), {
      waitForFlush: false,
    });
    if (jobs.length === 0) return 0;
    jobs.sort((a, b) => a.data.seq - b.data.seq || a.data.attempt - b.data.attempt);
    const [events, webhooks] = await Promise.all([
      findEventsByIds(this.pool, [...new Set(jobs.map((j) => j.data.eventId))]),
      findWebhooksByIds(this.pool, [...new Set(jobs.flatMap((j) => j.data.webhookIds))]),
    ]);
    for (const job of jobs) {
      const run = () =>
        attemptDelivery(job.id, job.data, events.get(job.data.eventId), webhooks, this.settings);
      this.start(job, run, onSlotFreed);
    }
    return jobs.length;
  }

  private start(job: Job, run: () => ReturnType<typeof attemptDelivery>, onSlotFreed: () => void): void {
    const key = job.data.orderId ?? job.data.eventId;
    this.inFlight++;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const current: Promise<void> = previous
      .then(run)
      .then((outcome) => this.committer.add(outcome))
      .catch((err) =>
        this.log({ err, job: job.id }, 'webhook attempt failed unexpectedly; the job will expire and rerun'),
      )
      .finally(() => {
        this.inFlight--;
        if (this.chains.get(key) === current) this.chains.delete(key);
        onSlotFreed();
      });
    this.chains.set(key, current);
  }

  /** Waits for every started attempt and commits their outcomes. */
  async drain(): Promise<void> {
    await Promise.all([...this.chains.values()]);
    await this.committer.flush();
  }
}
