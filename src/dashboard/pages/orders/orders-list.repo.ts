import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import type { OrderKindName } from '../../../api/print-mail/orders/order-kinds.js';
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
  kind: OrderKindName;
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
 * The WHERE conditions of a page of orders (any order table: they name only the columns every
 * order table has) and their parameters, $1 and $2 being the scope. The first two conditions
 * are the scope; more than two means the page is filtered.
 */
export function orderFilterSql(scope: Scope, filters: OrderFilters): { params: unknown[]; where: string[] } {
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
  return { params, where };
}

/**
 * One page of the orders of the kinds given (one, or the registry's all), newest first, in one
 * query with no per-kind code: a UNION ALL over the kinds' tables with the single-kind page's filters
 * (orderFilterSql). Each branch keeps only its newest skip + limit matches, read in index order
 * (the newest-first index, or the status one) as the single-kind page reads them, so the union
 * sorts at most kinds × (skip + limit) ids; the page's rows are then read by primary key.
 *
 * `total` as the single-kind page: from the per-table counters when unfiltered, else counted
 * up to COUNT_UP_TO + 1 (`capped` past it). With free text each table counts its own matches,
 * because the trigram index has no order: a table with few matches sorts them, one with many
 * walks its newest-first index, where they are dense.
 */
export async function listOrdersPage(
  db: Queryable,
  kinds: readonly OrderKind[],
  scope: Scope,
  filters: OrderFilters,
  page: { limit: number; skip: number },
): Promise<{ total: number; capped: boolean; rows: OrderListRow[] }> {
  const { params, where } = orderFilterSql(scope, filters);
  const w = where.join(' AND ');
  const filtered = where.length > 2;
  const n = params.length;
  const [limit, skip, take, tables] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`, `$${n + 4}`];
  // The tables' names are a parameter only where the counters are read: an unused one is an error.
  const values = [...params, page.limit, page.skip, page.skip + page.limit];
  if (!filtered) values.push(kinds.map((k) => k.table));

  // Kind names and tables come from the registry, never from the request.
  const newest = (k: OrderKind, extra = '', order = 'created_at') =>
    `(SELECT '${k.name}'::text AS kind, id, created_at FROM ${k.table} WHERE ${w}${extra}
      ORDER BY ${order} DESC, id DESC LIMIT ${take})`;
  const countOf = (k: OrderKind) => `SELECT 1 FROM ${k.table} WHERE ${w}`;
  const countCte = (i: number) => `count_${i}`;

  let ctes: string[];
  let hits: string[];
  if (!filtered) {
    ctes = [
      `total AS (SELECT coalesce(sum(n), 0) AS n FROM resource_counts
                 WHERE org_id = $1 AND live = $2 AND resource = ANY(${tables}::text[]))`,
    ];
    hits = kinds.map((k) => newest(k));
  } else if (!filters.text) {
    // Status and dates are ranges of an index in newest-first order: each branch is its first rows.
    ctes = [
      `total AS (SELECT count(*) AS n FROM (${kinds.map(countOf).join(' UNION ALL ')} LIMIT ${COUNT_UP_TO + 1}) m)`,
    ];
    hits = kinds.map((k) => newest(k));
  } else {
    ctes = [
      ...kinds.map(
        (k, i) => `${countCte(i)} AS (SELECT count(*) AS n FROM (${countOf(k)} LIMIT ${COUNT_UP_TO + 1}) m)`,
      ),
      `total AS (SELECT ${kinds.map((_, i) => `(SELECT n FROM ${countCte(i)})`).join(' + ')} AS n)`,
    ];
    // `created_at + interval '0 s'` is not the index's column: the planner sorts the matches.
    hits = kinds.flatMap((k, i) => [
      newest(k, ` AND (SELECT n FROM ${countCte(i)}) <= ${COUNT_UP_TO}`, `created_at + interval '0 s'`),
      newest(k, ` AND (SELECT n FROM ${countCte(i)}) > ${COUNT_UP_TO}`),
    ]);
  }
  const rowsOf = (k: OrderKind) =>
    `SELECT page.kind, t.id, t.status, t.created_at AS "createdAt", t.doc->'to' AS "to",
       t.doc->>'description' AS description, t.pdf_key IS NOT NULL AS "hasPdf", t.created_at
     FROM page JOIN ${k.table} t ON t.id = page.id WHERE page.kind = '${k.name}'`;
  const sql = `WITH ${ctes.join(',\n')},
    hits AS (${hits.join('\nUNION ALL ')}),
    page AS (SELECT * FROM hits ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${skip}),
    listed AS (${kinds.map(rowsOf).join('\nUNION ALL ')})
  SELECT total.n::bigint AS n, listed.* FROM total LEFT JOIN listed ON true
  ORDER BY listed.created_at DESC, listed.id DESC`;

  const res = await db.query(sql, values);
  const total = Number(res.rows[0]?.n ?? 0);
  return {
    total: Math.min(total, filtered ? COUNT_UP_TO : total),
    capped: filtered && total > COUNT_UP_TO,
    rows: res.rows
      .filter((r) => r.id !== null)
      .map(({ n: _n, created_at: _at, ...r }) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
  };
}
