import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { Template, TemplateCreate, TemplateDeleted, TemplateUpdate } from './template.schema.js';
import { listTemplateDocs } from './templates.repo.js';
import { createTemplate, deleteTemplate, getTemplate, updateTemplate } from './templates.service.js';

const tags = ['Templates'];

export const templatesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/templates',
    { schema: { tags, body: TemplateCreate, response: { 201: documented(Template) } } },
    (request, reply) =>
      runCreate(deps.pool, request, reply, async (tx) => ({
        statusCode: 201,
        body: await createTemplate(tx, scopeOf(request), request.body, deps.clock.now()),
      })),
  );

  app.get('/templates', { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const { totalCount, docs } = await listTemplateDocs(
      deps.pool,
      scopeOf(request),
      request.query,
      parseSearch(request.query.search),
    );
    return sendJson(reply, listBody(request.query, totalCount, docs));
  });

  app.get(
    '/templates/:id',
    { schema: { tags, params: IdParams('template'), response: { 200: documented(Template) } } },
    async (request, reply) =>
      sendJson(reply, await getTemplate(deps.pool, scopeOf(request), request.params.id)),
  );

  app.post(
    '/templates/:id',
    {
      schema: {
        tags,
        params: IdParams('template'),
        body: TemplateUpdate,
        response: { 200: documented(Template) },
      },
    },
    (request) =>
      withTransaction(deps.pool, (tx) =>
        updateTemplate(tx, scopeOf(request), request.params.id, request.body, deps.clock.now()),
      ),
  );

  app.delete(
    '/templates/:id',
    { schema: { tags, params: IdParams('template'), response: { 200: documented(TemplateDeleted) } } },
    (request) => deleteTemplate(deps.pool, scopeOf(request), request.params.id),
  );
};
