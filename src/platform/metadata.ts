import { Type } from '@sinclair/typebox';
import { invalid } from './errors.js';

export const METADATA_LIMITS = Object.freeze({ keys: 20, keyLength: 40, valueLength: 500 });

/** A flat map: up to 20 keys of up to 40 characters; each value up to 500 characters as JSON. */
export const Metadata = Type.Record(
  Type.String({ minLength: 1, maxLength: METADATA_LIMITS.keyLength }),
  Type.Unknown(),
  {
    maxProperties: METADATA_LIMITS.keys,
    description: 'Free-form map: up to 20 keys of up to 40 characters, values up to 500 characters.',
  },
);

export function checkMetadata(metadata: Record<string, unknown> | undefined, field = 'metadata'): void {
  if (metadata === undefined || metadata === null) return;
  for (const [key, value] of Object.entries(metadata)) {
    if (key.length > METADATA_LIMITS.keyLength)
      throw invalid(`${field}.${key}`, 'key is longer than 40 characters.');
    const size = typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
    if (size > METADATA_LIMITS.valueLength)
      throw invalid(`${field}.${key}`, 'value is longer than 500 characters.');
  }
}
