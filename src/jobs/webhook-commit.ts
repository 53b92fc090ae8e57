import type PgBoss from 'pg-boss';
import { insertInvocations } from '../api/print-mail/webhooks/invocations.repo.js';
import type { Pool } from '../db/pool.js';
import { withTransaction } from '../db/tx.js';
import type { Outcome } from './webhook-attempt.js';
import { completeDeliveries, enqueueDeliveries } from './webhook-queue.js';

const MAX_BATCH = 200;
const LINGER_MS = 5;

/**
 * Commits finished attempts in small batches: their invocations, their retries and their
 * jobs' completion in one transaction each. If a commit fails the jobs stay active, expire
 * and are attempted again (at-least-once; receivers de-duplicate by event id).
 */
export class OutcomeCommitter {
  private pending: Outcome[] = [];
  private timer?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly boss: PgBoss,
    private readonly log: (obj: object, msg: string) => void,
  ) {}

  add(outcome: Outcome): void {
    this.pending.push(outcome);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), LINGER_MS);
  }

  /** Commits what is pending; resolves when every commit so far has finished. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length > 0) {
      this.chain = this.chain
        .then(() => this.commit(batch))
        .catch((err) =>
          this.log({ err, jobs: batch.length }, 'webhook attempts not committed; they will be retried'),
        );
    }
    return this.chain;
  }

  private commit(batch: Outcome[]): Promise<void> {
    return withTransaction(
      this.pool,
      async (tx) => {
        await insertInvocations(
          tx,
          batch.flatMap((o) => o.invocations),
        );
        await enqueueDeliveries(
          this.boss,
          tx,
          batch.flatMap((o) => o.retries),
        );
        await completeDeliveries(
          this.boss,
          tx,
          batch.map((o) => o.jobId),
        );
      },
      { waitForFlush: false },
    );
  }
}
