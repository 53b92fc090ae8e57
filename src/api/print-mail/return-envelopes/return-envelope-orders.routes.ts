import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { ReturnEnvelopeOrder, ReturnEnvelopeOrderCreate } from './return-envelope.schema.js';
import {
  cancelEnvelopeOrder,
  fillEnvelopeOrder,
  ORDERS_TABLE,
  placeEnvelopeOrder,
} from './return-envelope-orders.js';

const tags = ['Return envelopes'];
const Order = documented(ReturnEnvelopeOrder);
const EnvelopeParams = Type.Object({
  id: Type.String({ pattern: '^return_envelope_[A-Za-z0-9]+$', maxLength: 100 }),
});
const OrderParams = Type.Object({
  id: EnvelopeParams.properties.id,
  orderID: Type.String({ pattern: '^return_envelope_order_[A-Za-z0-9]+$', maxLength: 100 }),
});
/** `expand[]=returnEnvelope` (or `expand=returnEnvelope`) answers the envelope itself in the order. */
const Expand = Type.Object({
  expand: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  'expand[]': Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
});

async function expanded(
  deps: AppDeps,
  scope: Scope,
  order: Record<string, unknown>,
  query: Record<string, unknown>,
) {
  const asked = [query.expand, query['expand[]']].flat().includes('returnEnvelope');
  if (!asked) return order;
  const envelope = await getDoc(deps.pool, 'return_envelopes', scope, String(order.returnEnvelope));
  return { ...order, returnEnvelope: envelope ? JSON.parse(envelope) : order.returnEnvelope };
}

/** Envelope orders, under their envelope: place, list, get, cancel, and (test mode) fill. */
export const returnEnvelopeOrdersRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const base = '/return_envelopes/:id/orders';

  app.post(
    base,
    { schema: { tags, params: EnvelopeParams, body: ReturnEnvelopeOrderCreate, response: { 201: Order } } },
    (request, reply) =>
      runCreate(deps.pool, request, reply, async (tx) => ({
        statusCode: 201,
        body: await placeEnvelopeOrder(
          tx,
          scopeOf(request),
          request.params.id,
          request.body,
          deps.clock.now(),
        ),
      })),
  );

  app.get(
    base,
    { schema: { tags, params: EnvelopeParams, querystring: ListQuery } },
    async (request, reply) => {
      const scope = scopeOf(request);
      if (!(await getDoc(deps.pool, 'return_envelopes', scope, request.params.id)))
        throw notFound('return_envelope', request.params.id);
      const { query } = request;
      const filters = [{ field: 'returnEnvelope', values: [request.params.id] }];
      const { totalCount, docs } = await listDocs(
        deps.pool,
        ORDERS_TABLE,
        scope,
        query,
        parseSearch(query.search),
        filters,
      );
      return sendJson(reply, listBody(query, totalCount, docs));
    },
  );

  app.get(
    `${base}/:orderID`,
    { schema: { tags, params: OrderParams, querystring: Expand, response: { 200: Order } } },
    async (request) => {
      const scope = scopeOf(request);
      const text = await getDoc(deps.pool, ORDERS_TABLE, scope, request.params.orderID);
      const order = text && JSON.parse(text);
      if (!order || order.returnEnvelope !== request.params.id)
        throw notFound('return_envelope_order', request.params.orderID);
      return expanded(deps, scope, order, request.query);
    },
  );

  app.delete(
    `${base}/:orderID`,
    { schema: { tags, params: OrderParams, querystring: Expand, response: { 200: Order } } },
    async (request) => {
      const scope = scopeOf(request);
      const { id, orderID } = request.params;
      const order = await withTransaction(deps.pool, (tx) =>
        cancelEnvelopeOrder(tx, scope, id, orderID, deps.clock.now()),
      );
      return expanded(deps, scope, order, request.query);
    },
  );

  app.post(
    `${base}/:orderID/fills`,
    { schema: { tags, params: OrderParams, response: { 200: Order } } },
    (request) =>
      withTransaction(deps.pool, (tx) =>
        fillEnvelopeOrder(tx, scopeOf(request), request.params.id, request.params.orderID, deps.clock.now()),
      ),
  );
};
