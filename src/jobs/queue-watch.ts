import type PgBoss from 'pg-boss';
import { bossSchema } from './queue.js';

/** How often the watch looks for jobs due: as often as the render queue polled on its own. */
export const WATCH_MS = 500;

/**
 * Each worker's own poll, under the watch: what still takes its jobs if the watch's query
 * fails. Not shorter, or the idle polling the watch replaces comes back.
 */
export const WORKER_POLL_SECONDS = 30;

/**
 * Wakes this process's pg-boss workers when their queues have jobs due, one query for all of
 * them every WATCH_MS. pg-boss has each worker poll its own queue: a process working the ~22
 * queues sent ~22 fetches a second with nothing to do (a `FOR UPDATE SKIP LOCKED` update each),
 * about 44 ms of CPU a second between Node and PostgreSQL for an idle server (docs/benchmarks.md,
 * "An idle server"). The watch asks pg-boss's own partial index (`job_i5`: name,
 * start_after, where not yet active) whether each queue has a job to start, and only those
 * queues' workers fetch; a job that becomes due later (a retry, `startAfter`) is seen when it
 * is due. A worker woken while busy fetches again as soon as it is done, rather than waiting
 * out its interval after a full batch. `schema`: the app's; `workers`: pg-boss worker ids by
 * queue name. A failed look is the queue's `error` (logged where startQueue was given its
 * onError), as a worker's failed fetch is.
 */
export function watchQueues(boss: PgBoss, schema: string, workers: Map<string, string[]>): void {
  const names = [...workers.keys()];
  const due = `SELECT q AS name FROM unnest($1::text[]) AS q
    WHERE EXISTS (SELECT FROM "${bossSchema(schema)}".job j WHERE j.name = q AND j.state < 'active' AND j.start_after < now())`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      // No result: the queue's connections are closing (queue-db.ts), so nothing is woken.
      const res = await boss.getDb().executeSql(due, [names]);
      if (!stopped)
        for (const { name } of res?.rows ?? [])
          for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    } catch (err) {
      if (!stopped) boss.emit('error', err as Error);
    }
    // unref: the workers keep a running process alive; a stopped one is not kept by this.
    if (!stopped) timer = setTimeout(tick, WATCH_MS).unref();
  };
  boss.once('stopped', () => {
    stopped = true;
    clearTimeout(timer);
  });
  void tick();
}
