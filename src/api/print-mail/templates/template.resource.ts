import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { Template, TemplateCreate, TemplateUpdate } from './template.schema.js';
import { checkTemplateHtml } from './template-syntax.js';

const OPTIONAL = ['html', 'description', 'metadata'] as const;

/** Templates: reusable HTML with {{merge variables}}, named by id in orders. */
export const templateResource: DocumentResource<Template, TemplateCreate, TemplateUpdate> = {
  object: 'template',
  table: 'templates',
  path: '/templates',
  tag: 'Templates',
  schemas: { create: TemplateCreate, update: TemplateUpdate, stored: Template },

  create(input, ctx) {
    if (input.html !== undefined) checkTemplateHtml(input.html);
    checkMetadata(input.metadata);
    return newDocument('template', ID_PREFIX.template, ctx, input, {
      ...(input.html !== undefined ? { html: input.html } : {}),
    });
  },

  update(current, input, { now }) {
    if (typeof input.html === 'string') checkTemplateHtml(input.html);
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    applyRemovableFields(doc, input, OPTIONAL);
    doc.updatedAt = now.toISOString();
    return doc as Template;
  },

  // The description and metadata, not the HTML: markup would match nearly any word and make
  // free-text search useless.
  searchText: (doc) => searchTextOf({ id: doc.id, d: doc.description, m: doc.metadata }),
};
