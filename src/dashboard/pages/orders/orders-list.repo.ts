import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import type { Queryable } from '../../../db/pool.js';
import { indexDriverWord } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface OrderFilters {
  status?: string;
  /** Created on or after this instant / before this instant. */
  from?: Date;
  to?: Date;
  /** Free text, lower-cased: matched like the API's `search`. */
  text?: string;
}

export interface OrderListRow {
  id: string;
  status: string;
  createdAt: string;
  /** What the list shows of the doc (not the whole doc: its markup can be large). */
  to: Record<string, unknown> | null;
  description: string | null;
  hasPdf: boolean;
}

/**
 * Filtered pages count their matches up to this many ("more than 10,000" past it): a person
 * pages through a filter, never through 10,000 orders, and counting stops early. Up to it a
 * page sorts the matches; past it, it walks the newest-first index, where matches are dense.
 */
export const COUNT_UP_TO = 10_000;

/**
 * One page of a kind's orders, newest first, with how many match (`total`, capped at
 * COUNT_UP_TO + 1 for a filtered page). The same shape of query as the API's lists
 * (db/resources.repo.ts listRows): the free-text filter scans the trigram index for the
 * phrase's rarest word; a filtered page counts its matches first and sorts few but walks an
 * index for many; an unfiltered total comes from the per-table counters. A status filter has
 * its own index (migration 0049), dates bound the index range.
 */
export async function listOrdersPage(
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  filters: OrderFilters,
  page: { limit: number; skip: number },
): Promise<{ total: number; capped: boolean; rows: OrderListRow[] }> {
  const params: unknown[] = [scope.orgId, scope.live];
  const where = ['org_id = $1', 'live = $2'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filters.status) add((p) => `status = ${p}`, filters.status);
  if (filters.from) add((p) => `created_at >= ${p}`, filters.from);
  if (filters.to) add((p) => `created_at < ${p}`, filters.to);
  if (filters.text) {
    const driver = indexDriverWord(filters.text);
    add((p) => `search_text LIKE ${p}`, `%${escapeLike(driver)}%`);
    // The whole phrase too, as a second pattern on the same index: GIN intersects the words'
    // lists, so a phrase of common words ("campaign 12") rechecks only the rows that have all.
    if (driver !== filters.text) add((p) => `search_text LIKE ${p}`, `%${escapeLike(filters.text)}%`);
  }
  const n = params.length;
  const limit = `LIMIT $${n + 1} OFFSET $${n + 2}`;
  const w = where.join(' AND ');
  const columns = `t.id, t.status, t.created_at AS "createdAt", t.doc->'to' AS "to",
    t.doc->>'description' AS description, t.pdf_key IS NOT NULL AS "hasPdf"`;
  const table = kind.table;
  const filtered = where.length > 2;
  const sql = filtered
    ? `WITH total AS (SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${w} LIMIT ${COUNT_UP_TO + 1}) m),
           few AS (SELECT id, created_at FROM ${table} WHERE ${w} AND (SELECT n FROM total) <= ${COUNT_UP_TO}
                   ORDER BY created_at + interval '0 s' DESC, id DESC ${limit}),
           many AS (SELECT id, created_at FROM ${table} WHERE ${w} AND (SELECT n FROM total) > ${COUNT_UP_TO}
                    ORDER BY created_at DESC, id DESC ${limit}),
           page AS (SELECT * FROM few UNION ALL SELECT * FROM many)
         SELECT total.n::bigint AS n, ${columns}
         FROM total LEFT JOIN (page JOIN ${table} t ON t.id = page.id) ON true
         ORDER BY page.created_at DESC, page.id DESC`
    : `WITH page AS (SELECT ${columns}, t.created_at FROM ${table} t WHERE ${w}
                       ORDER BY t.created_at DESC, t.id DESC ${limit}),
           total AS (SELECT coalesce(sum(n), 0) AS n FROM resource_counts
                     WHERE org_id = $1 AND live = $2 AND resource = $${n + 3})
         SELECT total.n::bigint AS n, page.* FROM total LEFT JOIN page ON true
         ORDER BY page.created_at DESC, page.id DESC`;
  const res = await db.query(sql, [...params, page.limit, page.skip, ...(filtered ? [] : [table])]);
  const total = Number(res.rows[0]?.n ?? 0);
  return {
    total: Math.min(total, filtered ? COUNT_UP_TO : total),
    capped: filtered && total > COUNT_UP_TO,
    rows: res.rows
      .filter((r) => r.id !== null)
      .map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
  };
}
