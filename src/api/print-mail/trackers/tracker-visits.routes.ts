import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { idPattern } from '../../../platform/ids.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { VISITS_TABLE } from './tracker-visits.repo.js';

const Params = Type.Object({ id: Type.String({ pattern: idPattern('tracker') }) });

/** `GET /trackers/{id}/visits`: a tracker's visits, newest first, with the usual skip/limit/search. */
export const trackerVisitsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/trackers/:id/visits',
    { schema: { tags: ['Trackers'], params: Params, querystring: ListQuery } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      if (!(await getDoc(deps.pool, 'trackers', scope, id))) throw notFound('tracker', id);
      const { query } = request;
      const { totalCount, docs } = await listDocs(
        deps.pool,
        VISITS_TABLE,
        scope,
        query,
        parseSearch(query.search),
        [{ field: 'tracker', values: [id] }],
      );
      return sendJson(reply, listBody(query, totalCount, docs));
    },
  );
};
