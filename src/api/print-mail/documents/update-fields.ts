import { type Static, type TSchema, Type } from '@sinclair/typebox';

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * An optional field of an update body that `null` removes (wire-compat). A scalar is one schema
 * of two types (`type: ['string', 'null']`), not an anyOf: with `coerceTypes: 'array'` Ajv's
 * anyOf lets a one-element array (`field[]=x` in a form) past a string branch without unwrapping
 * it, so the handler got an array (a fuzz finding). Otherwise null comes first: Ajv coerces
 * inside anyOf branch by branch, and a string branch first would turn an explicit null into "".
 */
export const removable = <T extends TSchema>(schema: T) =>
  typeof schema.type === 'string' && SCALARS.has(schema.type)
    ? Type.Optional(Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] }))
    : Type.Optional(Type.Union([Type.Null(), schema]));

/** Sets each of `fields` the update names on `doc`; `null` removes it. */
export function applyRemovableFields(
  doc: Record<string, unknown>,
  input: Record<string, unknown>,
  fields: readonly string[],
): void {
  for (const field of fields) {
    // A blank form field (`field=`) removes too, as it did when Ajv coerced "" to null.
    if (input[field] === null || input[field] === '') delete doc[field];
    else if (input[field] !== undefined) doc[field] = input[field];
  }
}
