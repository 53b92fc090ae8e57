import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { Event, EventListQuery } from './event.schema.js';
import { listEventDocs } from './events.repo.js';
import { getEvent, typeFilter } from './events.service.js';

const tags = ['Events'];

/** Events are read-only: each change writes its event in the same statement (eventWriteParts). */
export const eventsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/events', { schema: { tags, querystring: EventListQuery } }, async (request, reply) => {
    const { query } = request;
    const page = await listEventDocs(
      deps.pool,
      scopeOf(request),
      query,
      parseSearch(query.search),
      typeFilter(query),
    );
    return sendJson(reply, listBody(query, page.totalCount, page.docs));
  });

  app.get(
    '/events/:id',
    { schema: { tags, params: IdParams('event'), response: { 200: documented(Event) } } },
    async (request, reply) => sendJson(reply, await getEvent(deps.pool, scopeOf(request), request.params.id)),
  );
};
