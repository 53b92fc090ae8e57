import type { ListQuery, Search } from '../platform/lists.js';
import { batcherFor } from './doc-batcher.js';
import type { Queryable } from './pool.js';
import type { Scope } from './scope.js';

/**
 * The SQL every document-shaped resource table shares (columns id, org_id, live, doc,
 * search_text, created_at, updated_at). Table names come from code, never from callers.
 * Reads return `doc::text` so a GET sends stored JSON without parsing it again.
 */
export interface ListFilter {
  /** Extra equality on a jsonb top-level field, e.g. events by type (any of the values). */
  field: string;
  values: string[];
}

/** A new row of a document table: the doc as the API returns it, and what free-text search reads. */
export async function insertDoc(
  db: Queryable,
  table: string,
  scope: Scope,
  doc: { id: string; createdAt: string },
  searchText: string,
): Promise<void> {
  await db.query(
    `INSERT INTO ${table} (id, org_id, live, doc, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.createdAt],
  );
}

/** Locks one row for an update in the caller's transaction; its doc, or undefined. */
export async function lockDoc<Doc>(
  db: Queryable,
  table: string,
  scope: Scope,
  id: string,
): Promise<Doc | undefined> {
  const res = await db.query(
    `SELECT doc FROM ${table} WHERE id = $1 AND org_id = $2 AND live = $3 FOR UPDATE`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0]?.doc;
}

export async function replaceDoc(
  db: Queryable,
  table: string,
  scope: Scope,
  doc: { id: string; updatedAt: string },
  searchText: string,
): Promise<void> {
  await db.query(
    `UPDATE ${table} SET doc = $4, search_text = $5, updated_at = $6 WHERE id = $1 AND org_id = $2 AND live = $3`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.updatedAt],
  );
}

export async function getDoc(
  db: Queryable,
  table: string,
  scope: Scope,
  id: string,
): Promise<string | undefined> {
  const batcher = batcherFor(db);
  if (batcher) return batcher.get(table, scope, id);
  // Named, so each connection plans this hot query once.
  const res = await db.query({
    name: `get-doc:${table}`,
    text: `SELECT doc::text AS doc FROM ${table} WHERE id = $1 AND org_id = $2 AND live = $3`,
    values: [id, scope.orgId, scope.live],
  });
  return res.rows[0]?.doc;
}

/** Up to this many matches, a filtered list sorts them rather than walking the newest-first index. */
const SORT_MATCHES_UP_TO = 10_000;

export async function listDocs(
  db: Queryable,
  table: string,
  scope: Scope,
  query: ListQuery,
  search: Search | undefined,
  filters: ListFilter[] = [],
): Promise<{ totalCount: number; docs: string[] }> {
  const { totalCount, rows } = await listRows(db, table, scope, query, search, filters);
  return { totalCount, docs: rows.map((r) => r.doc) };
}

/**
 * listDocs with more columns of each row, read in the same statement as the doc (so they
 * agree with it under concurrent writes). `extraColumns` is SQL from code, over the table
 * aliased `t`, e.g. `t.pdf_key AS "pdfKey"`.
 */
export async function listRows<Extra extends object = object>(
  db: Queryable,
  table: string,
  scope: Scope,
  query: ListQuery,
  search: Search | undefined,
  filters: ListFilter[] = [],
  extraColumns = '',
): Promise<{ totalCount: number; rows: Array<Extra & { doc: string }> }> {
  const extra = extraColumns ? `, ${extraColumns}` : '';
  const params: unknown[] = [scope.orgId, scope.live];
  const where = ['org_id = $1', 'live = $2'];
  if (search?.kind === 'text') {
    const driver = indexDriverWord(search.phrase);
    params.push(`%${driver.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`search_text LIKE $${params.length}`);
    if (driver !== search.phrase) {
      // strpos cannot use the trigram index, so the planner keeps the index scan to the
      // driver word's trigrams and checks the whole phrase on the few rows it finds.
      params.push(search.phrase);
      where.push(`strpos(search_text, $${params.length}) > 0`);
    }
  } else if (search?.kind === 'fields') {
    params.push(JSON.stringify(search.contains));
    where.push(`doc @> $${params.length}::jsonb`);
  }
  for (const f of filters) {
    params.push(f.values);
    where.push(`doc->>'${f.field.replace(/[^A-Za-z0-9_]/g, '')}' = ANY($${params.length})`);
  }
  // Page and total in one statement: one snapshot, so totalCount always agrees with the page
  // under concurrent writes, and one round trip on one connection.
  const n = params.length;
  const page = `LIMIT $${n + 1} OFFSET $${n + 2}`;
  const w = where.join(' AND ');
  const filtered = where.length > 2;
  const sql = filtered
    ? // Filtered: count the matches, then page them the way that suits how many there are.
      // Few (≤ SORT_MATCHES_UP_TO): sort them (the ORDER BY expression keeps the planner off
      // the newest-first index). Many: walk that index, which reaches a page quickly when
      // matches are dense. Left to itself the planner walks the index on its estimate,
      // which for jsonb and text filters is rough: a filter it thinks common but that matches
      // a few rows of a million walks most of the index for one page.
      `WITH total AS (SELECT count(*) AS n FROM ${table} WHERE ${w}),
         few AS (SELECT id, created_at FROM ${table} WHERE ${w} AND (SELECT n FROM total) <= ${SORT_MATCHES_UP_TO}
                 ORDER BY created_at + interval '0 s' DESC, id DESC ${page}),
         many AS (SELECT id, created_at FROM ${table} WHERE ${w} AND (SELECT n FROM total) > ${SORT_MATCHES_UP_TO}
                  ORDER BY created_at DESC, id DESC ${page}),
         page AS (SELECT * FROM few UNION ALL SELECT * FROM many)
         SELECT total.n::bigint AS n, t.doc::text AS doc${extra}
         FROM total LEFT JOIN (page JOIN ${table} t ON t.id = page.id) ON true
         ORDER BY page.created_at DESC, page.id DESC`
    : // Unfiltered: the newest-first index gives the page; the total comes from the
      // per-resource counters the insert/delete triggers keep.
      `WITH page AS (
           SELECT t.doc::text AS doc, t.created_at, t.id${extra} FROM ${table} t WHERE ${w}
           ORDER BY created_at DESC, id DESC ${page}),
         total AS (SELECT coalesce(sum(n), 0) AS n FROM resource_counts
                   WHERE org_id = $1 AND live = $2 AND resource = $${n + 3})
         SELECT total.n::bigint AS n, page.* FROM total LEFT JOIN page ON true
         ORDER BY page.created_at DESC, page.id DESC`;
  const res = await db.query(sql, [...params, query.limit, query.skip, ...(filtered ? [] : [table])]);
  const rows = res.rows.filter((row) => row.doc !== null);
  return { totalCount: Number(res.rows[0].n), rows };
}

/**
 * The word of a free-text phrase that drives the trigram index scan. A GIN scan costs as
 * much as the posting lists of all the pattern's trigrams, and a common word ("st", a name
 * on every row) has one entry per row, so a phrase costs as much as its commonest word while
 * its rarest word alone finds the few rows to check. The longest word, preferring
 * one with digits or an `@` (numbers and emails are the most distinctive), is usually the
 * rarest; a phrase without a word of 3+ characters (no trigram) is scanned whole.
 */
export function indexDriverWord(phrase: string): string {
  let best = '';
  let bestScore = 0;
  for (const word of phrase.split(/\s+/)) {
    if (word.length < 3) continue;
    const score = word.length + (/[0-9@]/.test(word) ? 4 : 0);
    if (score > bestScore) [best, bestScore] = [word, score];
  }
  return best || phrase;
}

export async function deleteRow(db: Queryable, table: string, scope: Scope, id: string): Promise<boolean> {
  const res = await db.query(`DELETE FROM ${table} WHERE id = $1 AND org_id = $2 AND live = $3`, [
    id,
    scope.orgId,
    scope.live,
  ]);
  return (res.rowCount ?? 0) > 0;
}

/** deleteRow that answers the doc it deleted (undefined when there was none). */
export async function deleteDoc<Doc>(
  db: Queryable,
  table: string,
  scope: Scope,
  id: string,
): Promise<Doc | undefined> {
  const res = await db.query(
    `DELETE FROM ${table} WHERE id = $1 AND org_id = $2 AND live = $3 RETURNING doc`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0]?.doc;
}
