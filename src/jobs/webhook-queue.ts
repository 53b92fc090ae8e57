import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { retryTransient } from '../db/retry-transient.js';
import { inTransaction } from './queue.js';

/** Each attempt to deliver one event (to all its subscribers, or on retry to one) is a job here. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export interface DeliveryJob {
  eventId: string;
  /** The first attempt goes to every subscriber at once; each retry to the one webhook that failed. */
  webhookIds: string[];
  /** The order the event is about: its attempts run one after another in recorded order. */
  orderId: string | null;
  /** Outbox sequence: the order events were recorded in. */
  seq: number;
  /** 1 for the first attempt, 2..4 for the retries. */
  attempt: number;
}

/**
 * pg-boss's own retries only cover a worker that died mid-attempt (the job expires and is
 * fetched again); the 1 h / 2 h / 4 h schedule is ours, one new job per retry with startAfter.
 * The expiry is generous because a job may also wait behind earlier jobs of its order.
 */
export async function createDeliveryQueue(boss: PgBoss, timeoutMs: number): Promise<void> {
  // As createQueues: processes starting together on a new database can deadlock here.
  const options = {
    name: WEBHOOK_DELIVERY_QUEUE,
    expireInSeconds: Math.max(120, Math.ceil((timeoutMs * 6) / 1000)),
    retryLimit: 20,
    retryDelay: 30,
  };
  await retryTransient(() => boss.createQueue(WEBHOOK_DELIVERY_QUEUE, options), 6);
}

/** Enqueues attempts in the caller's transaction; `delaySec` postpones them (retries). */
export async function enqueueDeliveries(
  boss: PgBoss,
  tx: pg.PoolClient,
  jobs: { data: DeliveryJob; delaySec?: number }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map(({ data, delaySec }) => ({
    name: WEBHOOK_DELIVERY_QUEUE,
    data,
    // A number of seconds becomes `now() + interval` in pg-boss, i.e. the database's clock.
    ...(delaySec ? { startAfter: String(delaySec) } : {}),
  }));
  await boss.insert(rows, { db: inTransaction(tx) });
}

/** Takes due attempts (marks them active) in the caller's transaction. */
export function fetchDeliveries(
  boss: PgBoss,
  tx: pg.PoolClient,
  batchSize: number,
): Promise<PgBoss.Job<DeliveryJob>[]> {
  return boss.fetch<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, {
    batchSize,
    db: inTransaction(tx),
  } as PgBoss.FetchOptions);
}

/** Marks attempts done in the caller's transaction (pg-boss takes the ids as an array at runtime). */
export async function completeDeliveries(boss: PgBoss, tx: pg.PoolClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const complete = boss.complete.bind(boss) as unknown as (
    name: string,
    ids: string[],
    data: null,
    options: PgBoss.ConnectionOptions,
  ) => Promise<unknown>;
  await complete(WEBHOOK_DELIVERY_QUEUE, ids, null, { db: inTransaction(tx) });
}
