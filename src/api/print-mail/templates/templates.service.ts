import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { notFound } from '../../../platform/errors.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { Template, TemplateCreate, TemplateUpdate } from './template.schema.js';
import { checkTemplateHtml } from './template-syntax.js';
import {
  deleteTemplateRow,
  getTemplateDoc,
  insertTemplate,
  lockTemplate,
  replaceTemplate,
} from './templates.repo.js';

// Search looks through the description and metadata, not the HTML: markup would match nearly
// any word and make free-text search useless.
const searchable = (doc: Template) => searchTextOf({ id: doc.id, d: doc.description, m: doc.metadata });

export async function createTemplate(db: Queryable, scope: Scope, input: TemplateCreate, now: Date) {
  if (input.html !== undefined) checkTemplateHtml(input.html);
  checkMetadata(input.metadata);
  const stamp = now.toISOString();
  const doc: Template = {
    id: newId(ID_PREFIX.template),
    object: 'template',
    live: scope.live,
    ...(input.html !== undefined ? { html: input.html } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    createdAt: stamp,
    updatedAt: stamp,
  };
  await insertTemplate(db, scope, doc, searchable(doc));
  return doc;
}

export async function updateTemplate(
  db: Queryable,
  scope: Scope,
  id: string,
  input: TemplateUpdate,
  now: Date,
) {
  const current = await lockTemplate(db, scope, id);
  if (!current) throw notFound('template', id);
  if (typeof input.html === 'string') checkTemplateHtml(input.html);
  if (input.metadata) checkMetadata(input.metadata);
  const doc: Record<string, unknown> = { ...current };
  for (const field of ['html', 'description', 'metadata'] as const) {
    if (input[field] === null) delete doc[field];
    else if (input[field] !== undefined) doc[field] = input[field];
  }
  doc.updatedAt = now.toISOString();
  await replaceTemplate(db, scope, doc as Template, searchable(doc as Template));
  return doc as Template;
}

export async function getTemplate(db: Queryable, scope: Scope, id: string): Promise<string> {
  const doc = await getTemplateDoc(db, scope, id);
  if (!doc) throw notFound('template', id);
  return doc;
}

export async function deleteTemplate(db: Queryable, scope: Scope, id: string) {
  if (!(await deleteTemplateRow(db, scope, id))) throw notFound('template', id);
  return { id, object: 'template' as const, deleted: true as const };
}
