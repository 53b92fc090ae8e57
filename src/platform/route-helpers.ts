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

const PRINT_MAIL = '/print-mail/v1/';

/**
 * A print & mail path with a trailing slash, without it (`/print-mail/v1/reports/?limit=5` →
 * `/print-mail/v1/reports?limit=5`): some versions of the hosted SDK send collection paths so
 * (`GET /reports/`, `POST /sub_organizations/`), and without this the slash would read as an
 * empty `{id}`. Address verification keeps its own: `GET /v1/addver/` is a route of its own.
 */
export function withoutTrailingSlash(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path.length <= PRINT_MAIL.length || !path.startsWith(PRINT_MAIL) || !path.endsWith('/')) return url;
  return path.replace(/\/+$/, '') + (query < 0 ? '' : url.slice(query));
}
