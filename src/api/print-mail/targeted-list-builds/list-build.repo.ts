import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Area } from './area-query.js';
import { listBuildResource } from './list-build.resource.js';
import type { TargetedListBuild } from './list-build.schema.js';
import { BUILDS_TABLE } from './list-build-jobs.js';

/** A build's row: its doc and the columns the caller never sees (migration 0042). */
export interface BuildRow {
  doc: TargetedListBuild;
  quoteToken: string | null;
  area: Area | null;
  mailingListId: string | null;
  buildTotal: number | null;
  builtThrough: number;
}

/** The build's row (locked for the caller's transaction when `lock`), or undefined. */
export async function readBuild(
  db: Queryable,
  scope: Scope,
  id: string,
  { lock = false } = {},
): Promise<BuildRow | undefined> {
  const res = await db.query(
    `SELECT doc, quote_token AS "quoteToken", area, mailing_list_id AS "mailingListId",
            build_total AS "buildTotal", built_through AS "builtThrough"
       FROM ${BUILDS_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3 ${lock ? 'FOR UPDATE' : ''}`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0];
}

type Columns = Partial<Omit<BuildRow, 'doc'>>;
const COLUMN_NAMES: Record<keyof Columns, string> = {
  quoteToken: 'quote_token',
  area: 'area',
  mailingListId: 'mailing_list_id',
  buildTotal: 'build_total',
  builtThrough: 'built_through',
};

/** Writes the build's doc (and search text), and any of its other columns given. */
export async function saveBuild(db: Queryable, scope: Scope, doc: TargetedListBuild, columns: Columns = {}) {
  const names = Object.keys(columns) as Array<keyof Columns>;
  const sets = names.map((name, i) => `${COLUMN_NAMES[name]} = $${i + 7}`);
  const values = names.map((name) => (name === 'area' ? JSON.stringify(columns[name]) : columns[name]));
  await db.query(
    `UPDATE ${BUILDS_TABLE} SET doc = $4, search_text = $5, updated_at = $6${sets.map((s) => `, ${s}`).join('')}
      WHERE id = $1 AND org_id = $2 AND live = $3`,
    [doc.id, scope.orgId, scope.live, doc, listBuildResource.searchText(doc), doc.updatedAt, ...values],
  );
}
