import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deleteDoc, deleteRow, getDoc, insertDoc, listDocs } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import type { DocumentResource, StoredDoc } from './document-resource.js';
import { updateDocument } from './document-update.js';
import { keepForOrders } from './kept-for-orders.js';

/**
 * The routes of a plain document resource: create (with Idempotency-Key), list, get,
 * update (`POST /{path}/{id}`, when the resource has one) and delete (`{id, object, deleted}`).
 */
export function documentRoutes<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
): FastifyPluginAsyncTypebox<{ deps: AppDeps }> {
  const { path, table, object } = resource;
  const tags = [resource.tag];
  const Stored = documented(resource.schemas.stored);
  const params = IdParams(object);
  const Deleted = Type.Object({
    id: Type.String(),
    object: Type.Literal(object),
    deleted: Type.Literal(true),
  });

  return async (app, { deps }) => {
    const { present } = resource;
    // Stored JSON text goes out as it is, unless the resource presents its docs otherwise.
    const shown = (text: string) => (present ? jsonbText(present(JSON.parse(text), deps.signer)) : text);
    const shownDoc = (doc: Doc) => (present ? present(doc, deps.signer) : doc);
    app.post(
      path,
      { schema: { tags, body: resource.schemas.create, response: { 201: Stored } } },
      (request, reply) =>
        runCreate(deps.pool, request, reply, async (tx) => {
          const scope = scopeOf(request);
          const ctx = {
            db: tx,
            scope,
            orgCountryCode: request.auth.orgCountryCode,
            now: deps.clock.now(),
            deps,
          };
          const doc = await resource.create(request.body, ctx);
          await insertDoc(tx, table, scope, doc, resource.searchText(doc)).catch((err) => {
            const conflict = (err as { code?: string }).code === '23505' && resource.conflict?.(doc);
            throw conflict || err;
          });
          await resource.afterCreate?.(tx, scope, doc, request.body, ctx);
          return { statusCode: 201, body: shownDoc(doc) };
        }),
    );

    app.get(path, { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
      const { query } = request;
      const { totalCount, docs } = await listDocs(
        deps.pool,
        table,
        scopeOf(request),
        query,
        parseSearch(query.search),
      );
      return sendJson(reply, listBody(query, totalCount, docs.map(shown)));
    });

    app.get(
      `${path}/:id`,
      { schema: { tags, params, response: { 200: Stored } } },
      async (request, reply) => {
        const doc = await getDoc(deps.pool, table, scopeOf(request), request.params.id);
        if (!doc) throw notFound(object, request.params.id);
        return sendJson(reply, shown(doc));
      },
    );

    const { update } = resource;
    if (update)
      app.post(
        `${path}/:id`,
        { schema: { tags, params, body: resource.schemas.update, response: { 200: Stored } } },
        (request) =>
          withTransaction(deps.pool, async (tx) => {
            const doc = await updateDocument(resource, tx, request.params.id, request.body, {
              db: tx,
              scope: scopeOf(request),
              orgCountryCode: request.auth.orgCountryCode,
              now: deps.clock.now(),
              deps,
            });
            return shownDoc(doc);
          }),
      );

    if (resource.deletable !== false)
      app.delete(`${path}/:id`, { schema: { tags, params, response: { 200: Deleted } } }, (request) =>
        withTransaction(deps.pool, async (tx) => {
          const scope = scopeOf(request);
          const { id } = request.params;
          const now = deps.clock.now();
          await resource.beforeDelete?.(tx, scope, id, { now, deps });
          const { keptForOrders } = resource;
          if (!keptForOrders) {
            if (!(await deleteRow(tx, table, scope, id))) throw notFound(object, id);
          } else {
            // Gone from its table now; what orders still to print read of it stays until they are done.
            const doc = await deleteDoc<Doc>(tx, table, scope, id);
            if (!doc) throw notFound(object, id);
            await keepForOrders(tx, deps.boss, scope, doc, keptForOrders, now);
          }
          return { id, object, deleted: true as const };
        }),
      );
  };
}
