import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deleteRow } from '../../../db/resources.repo.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { EditorSession, EditorSessionCreate } from './editor-session.schema.js';
import { createEditorSession, presentSession } from './editor-session.service.js';
import { deleteExpiredSessions, getSession, listSessions, SESSIONS_TABLE } from './editor-sessions.repo.js';

const PATH = '/template_editor_sessions';
const OBJECT = ID_PREFIX.templateEditorSession;
const tags = ['Template editor sessions'];
const params = IdParams(OBJECT);
const Deleted = Type.Object({ id: Type.String(), object: Type.Literal(OBJECT), deleted: Type.Literal(true) });

/**
 * Template editor sessions: create, list, get, delete. Not the document kit: a session's url
 * holds its secret token, which is sealed beside the doc rather than in it, so every read
 * makes the url afresh. Expired sessions are removed before the caller's reads (and by the
 * sweep, api/print-mail/template-editor-sessions/sweep-editor-sessions.job.ts), so a list never shows one.
 */
export const templateEditorSessionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const ctx = () => ({ now: deps.clock.now(), dataKeys: deps.dataKeys, publicUrl: deps.config.publicUrl });

  app.post(
    PATH,
    { schema: { tags, body: EditorSessionCreate, response: { 201: documented(EditorSession) } } },
    (request, reply) =>
      runCreate(deps.pool, request, reply, async (tx) => {
        const session = await createEditorSession(tx, scopeOf(request), request.body, ctx());
        // A replay answers from the idempotency store, which must not hold the token: the
        // session without its url (GET it for the url).
        const { url: _secret, ...withoutUrl } = session;
        return { statusCode: 201, body: session, replayBody: withoutUrl };
      }),
  );

  app.get(PATH, { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const scope = scopeOf(request);
    await deleteExpiredSessions(deps.pool, deps.clock.now(), scope);
    const { query } = request;
    const { totalCount, rows } = await listSessions(deps.pool, scope, query, parseSearch(query.search));
    const docs = rows.map((row) => jsonbText(presentSession(row, ctx())));
    return sendJson(reply, listBody(query, totalCount, docs));
  });

  app.get(
    `${PATH}/:id`,
    { schema: { tags, params, response: { 200: documented(EditorSession) } } },
    async (request) => {
      const scope = scopeOf(request);
      await deleteExpiredSessions(deps.pool, deps.clock.now(), scope);
      const row = await getSession(deps.pool, scope, request.params.id);
      if (!row) throw notFound(OBJECT, request.params.id);
      return presentSession(row, ctx());
    },
  );

  app.delete(`${PATH}/:id`, { schema: { tags, params, response: { 200: Deleted } } }, async (request) => {
    const { id } = request.params;
    if (!(await deleteRow(deps.pool, SESSIONS_TABLE, scopeOf(request), id))) throw notFound(OBJECT, id);
    return { id, object: OBJECT, deleted: true as const };
  });
};
