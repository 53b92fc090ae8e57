import { type Static, Type } from '@sinclair/typebox';
import {
  deletedSchema,
  documentSchema,
  ENVELOPE_CREATE,
  ENVELOPE_UPDATE,
} from '../documents/document-envelope.js';
import { removable } from '../documents/update-fields.js';

/** HTML of one template, in characters: generous for inlined images, small enough to merge fast. */
export const TEMPLATE_HTML_MAX_CHARS = 2 * 1024 * 1024;

export const TemplateCreate = Type.Object({
  html: Type.Optional(Type.String({ description: 'HTML with {{mergeVariables}}; Handlebars syntax.' })),
  ...ENVELOPE_CREATE,
});
export type TemplateCreate = Static<typeof TemplateCreate>;

/** An update sets the fields it names; `null` removes an optional field (wire-compat). */
export const TemplateUpdate = Type.Object({
  html: removable(Type.String()),
  ...ENVELOPE_UPDATE,
});
export type TemplateUpdate = Static<typeof TemplateUpdate>;

export const Template = documentSchema('template', { html: Type.Optional(Type.String()) });
export type Template = Static<typeof Template>;

export const TemplateDeleted = deletedSchema('template');
