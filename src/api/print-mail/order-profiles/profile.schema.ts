import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { removable } from '../documents/update-fields.js';
import type { ProfileKind } from './profile-kind.js';

/** Fields every profile has: the order fields every kind shares that a profile presets. */
export const SHARED_FIELDS = ['mailingClass', 'mergeVariables', 'metadata', 'description'] as const;

export const profileFields = (p: ProfileKind): string[] => [...p.fields, ...SHARED_FIELDS];

/**
 * A field's schema as the kind's create schema has it, as plain JSON Schema without its
 * `default`: a profile keeps what it was given, and its orders fill in the kind's defaults
 * themselves (an update must not reset a field it does not name to its default).
 */
const plain = (schema: TSchema): TSchema =>
  Type.Unsafe(JSON.parse(JSON.stringify(schema, (key, value) => (key === 'default' ? undefined : value))));

const propertiesOf = (schema: TSchema) => (schema as TObject).properties;

/**
 * An update field that null removes. Ajv reports the first failing branch, so an object's or
 * array's own schema goes first (null cannot be coerced into one, so it still reaches the null
 * branch) and a bad value reads `attachedPDF.placement is required`, not `must be null`. A
 * scalar keeps removable()'s order, whose reason is coercion.
 */
const removableField = (schema: TSchema) =>
  schema.type === 'object' || schema.type === 'array'
    ? Type.Optional(Type.Union([schema, Type.Null()]))
    : removable(schema);

/** The kind's request schema of a profile field (under the name the order gives it). */
function requestField(p: ProfileKind, field: string): TSchema {
  const own = propertiesOf(p.kind.schemas.create)[p.renamed?.[field] ?? field];
  if (!own) throw new Error(`${p.kind.name} orders have no field ${field}`);
  return plain(own);
}

/** A profile's field as answered: the kind's stored shape of it; a stored PDF is a signed link. */
function storedField(p: ProfileKind, field: string): [string, TSchema] {
  const pdf = p.pdfs.find((f) => f.field === field);
  if (pdf && pdf.link !== field)
    return [pdf.link, Type.String({ description: 'Signed link to the stored PDF, valid 15 minutes.' })];
  const name = p.renamed?.[field] ?? field;
  const own = propertiesOf(p.kind.schemas.stored)[name] ?? propertiesOf(p.kind.schemas.create)[name];
  return [field, plain(own)];
}

/** The request bodies (create, update) and the answer of a kind of profile. */
export function profileSchemas(p: ProfileKind) {
  const fields = profileFields(p);
  const required = (f: string) => p.required.includes(f);
  const body = (wrap: (f: string, s: TSchema) => TSchema, description: string) =>
    Type.Object(Object.fromEntries(fields.map((f) => [f, wrap(f, requestField(p, f))])), { description });
  const kindName = p.kind.name.replace('_', ' ');
  return {
    create: body(
      (f, s) => (required(f) ? s : Type.Optional(s)),
      `Settings and content for ${kindName} orders; the content is checked as a ${kindName}'s is.`,
    ),
    update: body(
      (f, s) => (required(f) ? Type.Optional(s) : removableField(s)),
      'Only the fields given change; null removes an optional field.',
    ),
    stored: Type.Object({
      id: Type.String(),
      object: Type.Literal(p.object),
      live: Type.Boolean(),
      ...Object.fromEntries(
        fields.map((f) => storedField(p, f)).map(([f, s]) => [f, required(f) ? s : Type.Optional(s)]),
      ),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
    }),
  };
}
