import pg from 'pg';
import type { Scope } from '../platform/auth/authenticate.js';
import type { Pool } from './pool.js';

interface Waiting {
  scope: Scope;
  id: string;
  resolve: (doc: string | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Coalesces the by-id reads of one table that arrive in the same event-loop turn into one
 * query: under concurrent GETs the database round trip, not the work, is the cost (measured in
 * docs/benchmarks.md). No caching: every read still sees committed data. The row is fetched by
 * id and handed out only when its organization and mode match the caller's scope.
 */
class DocBatcher {
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly pool: Pool) {}

  get(table: string, scope: Scope, id: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      let queue = this.waiting.get(table);
      if (!queue) {
        queue = [];
        this.waiting.set(table, queue);
        setImmediate(() => void this.flush(table));
      }
      queue.push({ scope, id, resolve, reject });
    });
  }

  private async flush(table: string): Promise<void> {
    const queue = this.waiting.get(table) ?? [];
    this.waiting.delete(table);
    try {
      const res = await this.pool.query({
        name: `get-docs:${table}`,
        text: `SELECT id, org_id, live, doc::text AS doc FROM ${table} WHERE id = ANY($1)`,
        values: [[...new Set(queue.map((w) => w.id))]],
      });
      const byId = new Map(res.rows.map((r) => [r.id as string, r]));
      for (const w of queue) {
        const row = byId.get(w.id);
        w.resolve(row && row.org_id === w.scope.orgId && row.live === w.scope.live ? row.doc : undefined);
      }
    } catch (err) {
      for (const w of queue) w.reject(err);
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
