import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { listInvocationDocs } from './invocations.repo.js';
import { getWebhook } from './webhooks.service.js';

/** `GET /webhooks/{id}/invocations`: every delivery attempt of one webhook, newest first; `search` as in every list. */
export const invocationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/webhooks/:id/invocations',
    { schema: { tags: ['Webhooks'], params: IdParams('webhook'), querystring: ListQuery } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const search = parseSearch(request.query.search); // a malformed search is a 400, as in every list
      await getWebhook(deps.pool, scope, request.params.id); // 404 for another org's or a missing webhook
      const page = await listInvocationDocs(deps.pool, scope, request.params.id, request.query, search);
      return sendJson(reply, listBody(request.query, page.totalCount, page.docs));
    },
  );
};
