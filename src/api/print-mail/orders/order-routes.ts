import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { runCreate } from '../../../platform/idempotency.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { cancelOrder } from './cancel-order.js';
import { OrderCancellation, type OrderCreateBase, orderUrlSchema } from './order-base.schema.js';
import type { OrderKind } from './order-kind.js';
import { getOrder, listOrders, orderUrl } from './order-read.js';
import {
  createOrder,
  insertOrder,
  insertOrderAtOnce,
  orderCreateContext,
  prepareOrder,
} from './order-service.js';
import { progressOrder } from './progress-order.js';

/**
 * The routes every order kind has, registered once per kind (and per path, for kinds served
 * at two): create, list, get, cancel (DELETE and /cancellation), /progressions and /url.
 */
export function orderRoutes(kind: OrderKind): FastifyPluginAsyncTypebox<{ deps: AppDeps }> {
  return async (app, { deps }) => {
    if (kind.routes) await app.register(kind.routes, { deps });
    const Order = documented(kind.schemas.stored);
    const params = IdParams(kind.name);

    for (const [i, path] of kind.paths.entries()) {
      // The other spellings of a path work the same but are documented once.
      const base = { tags: [kind.tag], ...(i > 0 ? { hide: true } : {}) };
      const one = { ...base, params, response: { 200: Order } };
      app.post(
        path,
        { schema: { ...base, body: kind.schemas.create, response: { 201: Order } } },
        (request, reply) => createFromRequest(deps, kind, request, reply),
      );
      app.get(path, { schema: { ...base, querystring: ListQuery } }, async (request, reply) => {
        const { totalCount, docs } = await listOrders(
          deps.pool,
          kind,
          scopeOf(request),
          request.query,
          deps.signer,
        );
        return sendJson(reply, listBody(request.query, totalCount, docs));
      });
      app.get(`${path}/:id`, { schema: one }, async (request, reply) =>
        sendJson(reply, await getOrder(deps.pool, kind, scopeOf(request), request.params.id, deps.signer)),
      );
      app.delete(`${path}/:id`, { schema: one }, async (request, reply) =>
        sendJson(reply, jsonbText(await cancel(deps, kind, request))),
      );
      app.post(
        `${path}/:id/cancellation`,
        { schema: { ...one, body: OrderCancellation } },
        async (request, reply) =>
          sendJson(reply, jsonbText(await cancel(deps, kind, request, request.body.note))),
      );
      app.post(`${path}/:id/progressions`, { schema: one }, async (request, reply) =>
        sendJson(reply, jsonbText(await progress(deps, kind, scopeOf(request), request.params.id))),
      );
      app.get(
        `${path}/:id/url`,
        { schema: { ...base, params, response: { 200: documented(orderUrlSchema(kind.name)) } } },
        (request) => orderUrl(deps.pool, kind, scopeOf(request), request.params.id, deps.signer),
      );
    }
  };
}

async function createFromRequest(
  deps: AppDeps,
  kind: OrderKind,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const ctx = orderCreateContext(deps, scopeOf(request), request.auth.orgCountryCode);
  const input = request.body as OrderCreateBase;
  // With an Idempotency-Key everything happens in the key's transaction, so a replay does nothing.
  if (request.headers['idempotency-key'] !== undefined)
    return runCreate(deps.pool, request, reply, async (tx) => ({
      statusCode: 201,
      body: await createOrder(tx, kind, input, ctx),
    }));
  // Otherwise the checks and content (reads only, a 400 before anything is written) come
  // first. Then the order, its new contacts, event and jobs are written in one statement
  // (no transaction needed); when that cannot be, in a transaction.
  const order = await prepareOrder(deps.pool, kind, input, ctx);
  const created = await insertOrderAtOnce(deps.pool, order, ctx);
  if (created) return reply.code(201).type('application/json').send(jsonbText(created));
  return runCreate(deps.pool, request, reply, async (tx) => ({
    statusCode: 201,
    body: await insertOrder(tx, order, ctx),
  }));
}

const orderContext = (deps: AppDeps) => ({ now: deps.clock.now(), signer: deps.signer });

/** cancelledByUser is the API key that asked: keys are the users of the API. */
function cancel(deps: AppDeps, kind: OrderKind, request: FastifyRequest, note?: string) {
  return withTransaction(deps.pool, (tx) =>
    cancelOrder(
      tx,
      kind,
      scopeOf(request),
      (request.params as { id: string }).id,
      { reason: 'user_initiated', cancelledByUser: request.auth.keyId, ...(note ? { note } : {}) },
      orderContext(deps),
    ),
  );
}

function progress(deps: AppDeps, kind: OrderKind, scope: Scope, id: string) {
  return withTransaction(deps.pool, (tx) => progressOrder(tx, kind, scope, id, orderContext(deps)));
}
