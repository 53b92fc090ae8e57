import type { Queryable } from '../../../db/pool.js';
import { deleteRow, getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { Template } from './template.schema.js';

const TABLE = 'templates';

export async function insertTemplate(db: Queryable, scope: Scope, doc: Template, searchText: string) {
  await db.query(
    `INSERT INTO templates (id, org_id, live, doc, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.createdAt],
  );
}

/** Locks the template row for an update in the same transaction. */
export async function lockTemplate(db: Queryable, scope: Scope, id: string): Promise<Template | undefined> {
  const res = await db.query(
    'SELECT doc FROM templates WHERE id = $1 AND org_id = $2 AND live = $3 FOR UPDATE',
    [id, scope.orgId, scope.live],
  );
  return res.rows[0]?.doc;
}

export async function replaceTemplate(db: Queryable, scope: Scope, doc: Template, searchText: string) {
  await db.query(
    `UPDATE templates SET doc = $4, search_text = $5, updated_at = $6
     WHERE id = $1 AND org_id = $2 AND live = $3`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.updatedAt],
  );
}

export const getTemplateDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, TABLE, scope, id);
export const listTemplateDocs = (db: Queryable, scope: Scope, query: ListQuery, search: Search | undefined) =>
  listDocs(db, TABLE, scope, query, search);
export const deleteTemplateRow = (db: Queryable, scope: Scope, id: string) => deleteRow(db, TABLE, scope, id);
