import type { TSchema } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describeValidation } from './error-handler.js';
import { apiError } from './errors.js';

/**
 * How request bodies are checked (app.ts hands these to Fastify): types coerced as form bodies
 * need, defaults filled in, unknown fields kept for the handlers to refuse by name.
 */
export const AJV_OPTIONS = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
} as const);

const ajv = addFormats.default(new Ajv.default({ ...AJV_OPTIONS, strict: false }));
const compiled = new WeakMap<TSchema, ValidateFunction>();

/**
 * A body made by the server itself (a campaign's order for one contact) checked exactly as a
 * client's request for the same route would be: a 400 naming the field, defaults filled in
 * (the body is changed in place and returned).
 */
export function checkBody<T>(schema: TSchema, body: unknown): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(body)) throw apiError('validation_error', describeValidation(validate.errors ?? [], 'body'));
  return body as T;
}
