import pg from 'pg';
import { Coalescer } from './coalescer.js';
import type { Pool } from './pool.js';
import type { Scope } from './scope.js';

/**
 * Coalesces the by-id reads of one table into few queries (coalescer.ts): under concurrent GETs
 * the database round trip, not the work, is the cost. No caching: every read still sees
 * committed data. The row is fetched by id and handed out only when its organization and mode
 * match the caller's scope.
 */
class DocBatcher {
  private readonly reads: Coalescer<{ scope: Scope; id: string }, string | undefined>;

  constructor(pool: Pool) {
    this.reads = new Coalescer({
      maxInFlight: 2,
      maxBatch: 500,
      run: async (table, wanted) => {
        const res = await pool.query({
          name: `get-docs:${table}`,
          text: `SELECT id, org_id, live, doc::text AS doc FROM ${table} WHERE id = ANY($1)`,
          values: [[...new Set(wanted.map((w) => w.id))]],
        });
        const byId = new Map(res.rows.map((r) => [r.id as string, r]));
        return wanted.map(({ scope, id }) => {
          const row = byId.get(id);
          return row && row.org_id === scope.orgId && row.live === scope.live
            ? (row.doc as string)
            : undefined;
        });
      },
    });
  }

  get(table: string, scope: Scope, id: string): Promise<string | undefined> {
    return this.reads.submit(table, { scope, id });
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
