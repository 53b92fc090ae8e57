import type pg from 'pg';
import { lockDoc, replaceDoc } from '../../../db/resources.repo.js';
import { notFound } from '../../../platform/errors.js';
import type { DocumentContext, DocumentResource, StoredDoc } from './document-resource.js';

/**
 * One update of a document in the caller's transaction: the row locked, the resource's own
 * update applied, the doc written back. `POST /{path}/{id}` and the template editor's save
 * both go through here, so a change behaves the same whoever makes it.
 */
export async function updateDocument<Doc extends StoredDoc, Update>(
  resource: DocumentResource<Doc, unknown, Update>,
  tx: pg.PoolClient,
  id: string,
  input: Update,
  ctx: DocumentContext,
): Promise<Doc> {
  const { update } = resource;
  if (!update) throw new Error(`${resource.object} has no update`);
  const current = await lockDoc<Doc>(tx, resource.table, ctx.scope, id);
  if (!current) throw notFound(resource.object, id);
  const doc = await update(current, input, ctx);
  await replaceDoc(tx, resource.table, ctx.scope, doc, resource.searchText(doc));
  return doc;
}
