import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

/** Path `{id}` of a resource: the prefix is checked so a wrong kind of id is a 400 naming `id`. */
export const IdParams = (prefix: string) =>
  Type.Object({ id: Type.String({ pattern: `^${prefix}_[A-Za-z0-9]+$`, maxLength: 100 }) });

/** Sends JSON text already serialized (stored docs, list bodies) without parsing it again. */
export function sendJson(reply: FastifyReply, text: string, statusCode = 200): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(text);
}

/**
 * A response schema for serialization and /openapi.json whose static type does not constrain
 * the handler: handlers often send stored JSON text (sendJson) rather than return objects.
 */
export const documented = <T extends TSchema>(schema: T) => Type.Unsafe<unknown>(schema);
