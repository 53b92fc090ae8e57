import { type TSchema, Type } from '@sinclair/typebox';

/**
 * An optional field of an update body that `null` removes (wire-compat). Null comes first: Ajv
 * coerces inside anyOf branch by branch, and a string branch first would turn an explicit
 * null into "".
 */
export const removable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));

/** Sets each of `fields` the update names on `doc`; `null` removes it. */
export function applyRemovableFields(
  doc: Record<string, unknown>,
  input: Record<string, unknown>,
  fields: readonly string[],
): void {
  for (const field of fields) {
    if (input[field] === null) delete doc[field];
    else if (input[field] !== undefined) doc[field] = input[field];
  }
}
