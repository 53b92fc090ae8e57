import pg from 'pg';
import type { Pool } from './pool.js';
import type { Scope } from './scope.js';

interface Waiting {
  scope: Scope;
  id: string;
  resolve: (doc: string | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Coalesces the by-id reads of one table into few queries: under concurrent GETs the database
 * round trip (a socket write and a statement on each side), not the work, is the cost.
 * Reads that arrive while MAX_IN_FLIGHT queries for the
 * table are already running wait for one of them to finish and then go together, so batches
 * grow with the load instead of staying at one event-loop turn's worth; an idle server sends
 * a lone read at once. No caching: every read still sees committed data. The row is fetched
 * by id and handed out only when its organization and mode match the caller's scope.
 */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 500;

interface TableQueue {
  waiting: Waiting[];
  inFlight: number;
  scheduled: boolean;
}

class DocBatcher {
  private readonly tables = new Map<string, TableQueue>();

  constructor(private readonly pool: Pool) {}

  get(table: string, scope: Scope, id: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      let queue = this.tables.get(table);
      if (!queue) {
        queue = { waiting: [], inFlight: 0, scheduled: false };
        this.tables.set(table, queue);
      }
      queue.waiting.push({ scope, id, resolve, reject });
      this.schedule(table, queue);
    });
  }

  private schedule(table: string, queue: TableQueue): void {
    if (queue.scheduled || queue.inFlight >= MAX_IN_FLIGHT || queue.waiting.length === 0) return;
    queue.scheduled = true;
    // setImmediate: the reads of this event-loop turn join the batch first.
    setImmediate(() => {
      queue.scheduled = false;
      void this.flush(table, queue);
    });
  }

  private async flush(table: string, queue: TableQueue): Promise<void> {
    const batch = queue.waiting.splice(0, MAX_BATCH);
    queue.inFlight++;
    try {
      const res = await this.pool.query({
        name: `get-docs:${table}`,
        text: `SELECT id, org_id, live, doc::text AS doc FROM ${table} WHERE id = ANY($1)`,
        values: [[...new Set(batch.map((w) => w.id))]],
      });
      const byId = new Map(res.rows.map((r) => [r.id as string, r]));
      for (const w of batch) {
        const row = byId.get(w.id);
        w.resolve(row && row.org_id === w.scope.orgId && row.live === w.scope.live ? row.doc : undefined);
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      queue.inFlight--;
      this.schedule(table, queue);
    }
  }
}

const batchers = new WeakMap<Pool, DocBatcher>();

/** The batcher of a pool; undefined for a client inside a transaction (it must read its own writes). */
export function batcherFor(db: unknown): DocBatcher | undefined {
  if (!(db instanceof pg.Pool)) return undefined;
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new DocBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
