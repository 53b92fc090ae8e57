import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { invocationsRoutes } from './invocations.routes.js';
import { Webhook, WebhookCreate, WebhookDeleted, WebhookUpdate } from './webhook.schema.js';
import { listWebhookDocs } from './webhooks.repo.js';
import {
  buildWebhook,
  deleteWebhook,
  getWebhook,
  saveNewWebhook,
  updateWebhook,
} from './webhooks.service.js';

const tags = ['Webhooks'];

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const context = (request: Parameters<typeof scopeOf>[0]) => ({
    scope: scopeOf(request),
    now: deps.clock.now(),
    allowPrivateUrls: deps.config.allowPrivateUrls,
  });

  app.post(
    '/webhooks',
    { schema: { tags, body: WebhookCreate, response: { 201: documented(Webhook) } } },
    async (request, reply) => {
      const webhook = await buildWebhook(request.body, context(request));
      return runCreate(deps.pool, request, reply, async (tx) => ({
        statusCode: 201,
        body: await saveNewWebhook(tx, scopeOf(request), webhook),
      }));
    },
  );

  app.get('/webhooks', { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const { query } = request;
    const page = await listWebhookDocs(deps.pool, scopeOf(request), query, parseSearch(query.search));
    return sendJson(reply, listBody(query, page.totalCount, page.docs));
  });

  app.get(
    '/webhooks/:id',
    { schema: { tags, params: IdParams('webhook'), response: { 200: documented(Webhook) } } },
    async (request, reply) =>
      sendJson(reply, await getWebhook(deps.pool, scopeOf(request), request.params.id)),
  );

  app.post(
    '/webhooks/:id',
    {
      schema: {
        tags,
        params: IdParams('webhook'),
        body: WebhookUpdate,
        response: { 200: documented(Webhook) },
      },
    },
    (request) => updateWebhook(deps.pool, request.params.id, request.body, context(request)),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags, params: IdParams('webhook'), response: { 200: documented(WebhookDeleted) } } },
    (request) => deleteWebhook(deps.pool, scopeOf(request), request.params.id),
  );

  await app.register(invocationsRoutes, { deps });
};
