import { type TProperties, Type } from '@sinclair/typebox';
import type { Scope } from '../../../db/scope.js';
import { newId } from '../../../platform/ids.js';
import { Metadata } from '../../../platform/metadata.js';
import { removable } from './update-fields.js';

/**
 * The envelope every stored print & mail document shares (wire-compat.md): `id`, `object`,
 * `live`, `description`, `metadata`, `createdAt`, `updatedAt`. One home for its schemas and
 * for making a new one, so a resource states only its own fields.
 */

/** A document's description, as a create or update may set it. */
export const Description = Type.String({ maxLength: 1000 });

/** What any create may set of the envelope. */
export const ENVELOPE_CREATE = {
  description: Type.Optional(Description),
  metadata: Type.Optional(Metadata),
};

/** What any update may set of the envelope: `null` removes it. */
export const ENVELOPE_UPDATE = {
  description: removable(Description),
  metadata: removable(Metadata),
};

/** A stored document of `object`: the envelope around its own `fields`. */
export function documentSchema<O extends string, P extends TProperties>(
  object: O,
  fields: P,
  options?: { description?: string },
) {
  return Type.Object(
    {
      id: Type.String(),
      object: Type.Literal(object),
      live: Type.Boolean(),
      ...fields,
      description: Type.Optional(Type.String()),
      metadata: Type.Optional(Metadata),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
    },
    options,
  );
}

/** What a delete answers. */
export function deletedSchema<O extends string>(object: O) {
  return Type.Object({ id: Type.String(), object: Type.Literal(object), deleted: Type.Literal(true) });
}

/** The description and metadata a create gave (an empty description or map is none). */
export interface EnvelopeInput {
  description?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A new document: a fresh id with `prefix`, `object`, the caller's mode, `fields`, the
 * request's description and metadata when it gave them, and both time stamps at `now`.
 */
export function newDocument<O extends string, F extends object>(
  object: O,
  prefix: string,
  ctx: { scope: Scope; now: Date },
  input: EnvelopeInput,
  fields: F,
) {
  const stamp = ctx.now.toISOString();
  return {
    id: newId(prefix),
    object,
    live: ctx.scope.live,
    ...fields,
    ...(input.description ? { description: input.description } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    createdAt: stamp,
    updatedAt: stamp,
  };
}
