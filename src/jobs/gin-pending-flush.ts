import type { Pool } from '../db/pool.js';

/**
 * Moves the merging of GIN "pending lists" (fastupdate) off the request path.
 *
 * Our search and jsonb indexes are GIN. A GIN insert only appends to the index's pending list;
 * whichever insert finds that list over gin_pending_list_limit (4 MB by default) merges the whole
 * list into the index itself, before its statement returns. With autovacuum off, or behind on a
 * table that keeps growing, that is a foreground insert: every few thousand creates, one of them
 * waits for the whole merge. Turning fastupdate off is slower still (every insert pays its index
 * cost in full). So a background loop merges the lists while they are small. An insert that meets a list being merged appends to it and goes on
 * rather than waiting, so the loop never blocks a request.
 *
 * Runs in processes that run job workers. gin_clean_pending_list needs the index's owner,
 * which Postroom is for the tables its migrations create; if refused, the loop logs and stops.
 */
export interface GinFlushOptions {
  pool: Pool;
  /** Seconds between passes; 0 turns the loop off. */
  intervalSec: number;
  log: (obj: object, msg: string) => void;
}

export function startGinPendingFlush({ pool, intervalSec, log }: GinFlushOptions): { stop(): Promise<void> } {
  if (intervalSec <= 0) return { stop: async () => {} };
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  // The same failure every second (the database down, say) is logged once, not once a pass.
  let lastError: string | undefined;
  const pass = async () => {
    try {
      await flushGinPendingLists(pool);
      lastError = undefined;
    } catch (err) {
      if (stopped) return;
      const code = (err as { code?: string }).code;
      const message = (err as Error).message;
      if (message !== lastError) log({ err: message }, 'GIN pending-list flush failed');
      lastError = message;
      // 42501: not the owner. Nothing later will change that; the inserts keep merging instead.
      if (code === '42501') clearInterval(timer);
    }
  };
  const timer = setInterval(() => {
    running = running.then(pass);
  }, intervalSec * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Merges the pending list of every GIN index in this connection's schema (the tables of
 * this Postroom), in one statement; returns the pending-list pages merged.
 */
export async function flushGinPendingLists(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ pages: number }>(
    `SELECT coalesce(sum(gin_clean_pending_list(c.oid::regclass)), 0)::int AS pages
       FROM pg_class c
       JOIN pg_am am ON am.oid = c.relam AND am.amname = 'gin'
      WHERE c.relkind = 'i' AND c.relnamespace = current_schema()::regnamespace`,
  );
  return rows[0].pages;
}
