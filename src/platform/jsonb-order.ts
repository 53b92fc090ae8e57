import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance } from 'fastify';
import { compiledOnFirstUse } from './route-compilers.js';

/**
 * One order for a resource's keys whichever way it is read (issue C1 §6). A stored resource is
 * answered on GET and in lists as PostgreSQL writes its jsonb, without parsing it again (so GET
 * stays as fast as the raw text); jsonb keeps an object's keys shorter first, then by their
 * UTF-8 bytes. So every print & mail answer written from an object (a create, an update, a
 * cancel, a presented document) is written in that same order, free-form objects inside it
 * (metadata, merge variables) included.
 */
export function compareJsonbKeys(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const ab = Buffer.byteLength(a);
  const bb = Buffer.byteLength(b);
  if (ab !== bb) return ab - bb;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const ASCII = /^[\x00-\x7f]*$/;

/** A deep copy of `value` whose objects' keys are in jsonb order. */
export function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const object = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort(compareJsonbKeys)) out[key] = inJsonbOrder(object[key]);
  return out;
}

/** JSON text of `value` in jsonb order: for answers sent as text (creates, presented docs). */
export const jsonbText = (value: unknown): string => JSON.stringify(inJsonbOrder(value));

/**
 * Fastify's own serializer factory (fast-json-stringify) for every answer but print & mail's,
 * which are written by JSON.stringify from the object installJsonbOrder's hook has put in
 * order: fast-json-stringify writes a schema's required properties before its optional ones,
 * whatever order they are listed in, and would drop what a stored document holds beyond its
 * schema, which GET answers (as stored) would then still show.
 */
export const buildSerializer: SerializerSelector.SerializerFactory = (externalSchemas, serializerOpts) => {
  const compile = SerializerSelector.SerializerSelector()(externalSchemas, serializerOpts);
  return (route) =>
    route.url.startsWith(PRINT_MAIL) ? JSON.stringify : compiledOnFirstUse(() => compile(route));
};

const PRINT_MAIL = '/print-mail/';

/** Print & mail answers given as objects are written in jsonb order, with a schema or without. */
export function installJsonbOrder(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    // Errors keep their own shape ({object, error}): they are no stored resource.
    const resource = reply.statusCode < 400 && payload !== null && typeof payload === 'object';
    done(null, resource && request.url.startsWith(PRINT_MAIL) ? inJsonbOrder(payload) : payload);
  });
}
