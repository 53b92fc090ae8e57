import type PgBoss from 'pg-boss';
import { currentSchema, outboxChannel } from '../api/print-mail/webhooks/delivery/outbox.repo.js';
import type { Config } from '../config/config.js';
import { createPool, type Pool } from '../db/pool.js';
import type { Clock } from '../platform/clock.js';
import { OutcomeCommitter } from './webhook-commit.js';
import { DISPATCH_BATCH, dispatchEvents } from './webhook-dispatch.js';
import { listenForEvents } from './webhook-listener.js';
import { DeliveryPump } from './webhook-pump.js';
import { createDeliveryQueue } from './webhook-queue.js';
import { Wakeup } from './webhook-wakeup.js';

/** Fallback polling: retries that come due (startAfter) and events missed while not listening. */
export const WEBHOOK_POLL_MS = 500;
/** Delivery's own connections, so a burst of API transactions cannot starve it of the shared pool. */
const DELIVERY_POOL_SIZE = 6;

export interface WebhookDeliveryDeps {
  pool: Pool;
  boss: PgBoss;
  config: Config;
  clock: Clock;
  dbUrl: string;
  log: (obj: object, msg: string) => void;
}

/**
 * Webhook delivery in this process: a dispatcher (outbox -> jobs, woken by NOTIFY on commit)
 * and a delivery pump (jobs -> HTTP), each a small loop. pg-boss work() is not used because it
 * waits its polling interval even after a full batch, which caps throughput and latency.
 * The queue is created even without workers so that API-only processes can enqueue.
 */
export async function startWebhookDelivery(deps: WebhookDeliveryDeps, runWorkers: boolean) {
  await createDeliveryQueue(deps.boss, deps.config.webhookTimeoutMs);
  if (!runWorkers) return { stop: async () => {} };
  const schema = await currentSchema(deps.pool);
  const pool = createPool(deps.dbUrl, {
    schema,
    max: Math.min(DELIVERY_POOL_SIZE, deps.config.dbPoolMax),
    applicationName: 'postroom-webhooks',
  });
  const settings = {
    allowPrivate: deps.config.allowPrivateUrls,
    timeoutMs: deps.config.webhookTimeoutMs,
    retryDelaysSec: deps.config.webhookRetryDelaysSec,
    now: () => deps.clock.now(),
  };
  const pump = new DeliveryPump(
    pool,
    deps.boss,
    new OutcomeCommitter(pool, deps.boss, deps.log),
    settings,
    deps.log,
  );
  const eventsWaiting = new Wakeup();
  const jobsWaiting = new Wakeup();
  const slotFreed = new Wakeup();
  let running = true;
  const guard = (what: string) => (err: unknown) => {
    deps.log({ err }, `webhook ${what} failed; retrying`);
    return 0;
  };

  const dispatcher = (async () => {
    while (running) {
      const { taken, enqueued } = await dispatchEvents(pool, deps.boss).catch((err) => ({
        taken: guard('dispatch')(err),
        enqueued: 0,
      }));
      if (enqueued > 0) jobsWaiting.wake();
      if (taken < DISPATCH_BATCH) await eventsWaiting.wait(WEBHOOK_POLL_MS);
    }
  })();
  const deliverer = (async () => {
    while (running) {
      const free = pump.freeSlots;
      if (free === 0) await slotFreed.wait(WEBHOOK_POLL_MS);
      else if ((await pump.takeJobs(() => slotFreed.wake()).catch(guard('fetch'))) < free)
        await jobsWaiting.wait(WEBHOOK_POLL_MS);
    }
  })();
  const listener = listenForEvents(deps.dbUrl, outboxChannel(schema), () => eventsWaiting.wake(), deps.log);

  return {
    stop: async () => {
      running = false;
      eventsWaiting.wake();
      jobsWaiting.wake();
      slotFreed.wake();
      await Promise.all([dispatcher, deliverer, listener.close()]);
      await pump.drain();
      await pool.end();
    },
  };
}
