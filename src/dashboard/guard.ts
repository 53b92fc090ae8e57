import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../db/scope.js';
import { DASHBOARD_PATH } from './session/session-token.js';

/**
 * A page hook: no session → the sign-in page; an operator who has not picked an organization
 * → the organization list. Pages after it can rely on `request.dashboard.orgId`.
 */
export async function requireOrganization(request: FastifyRequest, reply: FastifyReply) {
  if (!request.dashboard) return leave(request, reply, `${DASHBOARD_PATH}/sign-in`);
  if (!request.dashboard.orgId) return leave(request, reply, `${DASHBOARD_PATH}/organizations`);
}

/**
 * A redirect; for htmx's own requests (the order page's polling) one it follows with the whole
 * page, so a session that ends while a page polls shows the sign-in page, not a fragment of it.
 */
function leave(request: FastifyRequest, reply: FastifyReply, to: string) {
  if (request.headers['hx-request'] === 'true') return reply.header('hx-redirect', to).code(204).send();
  return reply.redirect(to, 303);
}

/** Operator-only pages: anyone else gets a 404, as for a page that does not exist. */
export async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
  if (!request.dashboard) return leave(request, reply, `${DASHBOARD_PATH}/sign-in`);
  if (!request.dashboard.operator) return reply.code(404).send('Not found');
}

/** The organization and mode the page reads and writes, exactly as an API key's scope. */
export function scopeOfPage(request: FastifyRequest): Scope {
  const session = request.dashboard;
  if (!session?.orgId) throw new Error('scopeOfPage before requireOrganization');
  return { orgId: session.orgId, live: session.live };
}

/**
 * Who acts in a dashboard session, as the API names its users: the API key the session was
 * signed in with, for the mode shown; `operator` for an operator's session, which has none.
 */
export function sessionKeyId(request: FastifyRequest): string {
  const session = request.dashboard;
  const keyId = session?.live ? session.liveKeyId : session?.testKeyId;
  return keyId ?? 'operator';
}

/** The fields of a submitted form (urlencoded, parsed by the app's body parser). */
export function formOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** One text field of a form or query, trimmed; '' when absent. */
export function field(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  return typeof value === 'string' ? value.trim() : '';
}
