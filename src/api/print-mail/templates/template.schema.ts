import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { removable } from '../documents/update-fields.js';

/** HTML of one template, in characters: generous for inlined images, small enough to merge fast. */
export const TEMPLATE_HTML_MAX_CHARS = 2 * 1024 * 1024;

export const TemplateCreate = Type.Object({
  html: Type.Optional(Type.String({ description: 'HTML with {{mergeVariables}}; Handlebars syntax.' })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  metadata: Type.Optional(Metadata),
});
export type TemplateCreate = Static<typeof TemplateCreate>;

/** An update sets the fields it names; `null` removes an optional field (wire-compat). */
export const TemplateUpdate = Type.Object({
  html: removable(Type.String()),
  description: removable(Type.String({ maxLength: 1000 })),
  metadata: removable(Metadata),
});
export type TemplateUpdate = Static<typeof TemplateUpdate>;

export const Template = Type.Object({
  id: Type.String(),
  object: Type.Literal('template'),
  live: Type.Boolean(),
  html: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Template = Static<typeof Template>;

export const TemplateDeleted = Type.Object({
  id: Type.String(),
  object: Type.Literal('template'),
  deleted: Type.Literal(true),
});
