import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type pg from 'pg';
import { deleteDoc, deleteRow, getDoc, insertDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import type { DocumentContext, DocumentResource, StoredDoc } from './document-resource.js';
import { updateDocument } from './document-update.js';
import { keepForOrders } from './kept-for-orders.js';

/**
 * The routes of a plain document resource: create (with Idempotency-Key), list, get,
 * update (`POST /{path}/{id}`, when the resource has one) and delete (`{id, object, deleted}`).
 */
export function documentRoutes<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
): FastifyPluginAsyncTypebox<{ deps: AppDeps }> {
  const { path, object } = resource;
  const tags = [resource.tag];
  const Stored = documented(resource.schemas.stored);
  const params = IdParams(object);
  const Deleted = Type.Object({
    id: Type.String(),
    object: Type.Literal(object),
    deleted: Type.Literal(true),
  });

  return async (app, { deps }) => {
    app.post(
      path,
      { schema: { tags, body: resource.schemas.create, response: { 201: Stored } } },
      (request, reply) =>
        runCreate(deps.pool, request, reply, async (tx) => {
          const ctx = documentContext(deps, tx, scopeOf(request), request.auth.orgCountryCode);
          return { statusCode: 201, body: await createDocument(resource, request.body, ctx) };
        }),
    );
    app.get(path, { schema: { tags, querystring: ListQuery } }, async (request, reply) =>
      sendJson(reply, await documentsList(resource, deps, scopeOf(request), request.query)),
    );
    app.get(`${path}/:id`, { schema: { tags, params, response: { 200: Stored } } }, async (request, reply) =>
      sendJson(reply, await documentText(resource, deps, scopeOf(request), request.params.id)),
    );
    if (resource.update)
      app.post(
        `${path}/:id`,
        { schema: { tags, params, body: resource.schemas.update, response: { 200: Stored } } },
        (request) =>
          withTransaction(deps.pool, async (tx) => {
            const ctx = documentContext(deps, tx, scopeOf(request), request.auth.orgCountryCode);
            const doc = await updateDocument(resource, tx, request.params.id, request.body, ctx);
            return shownDoc(resource, deps, doc);
          }),
      );
    if (resource.deletable !== false)
      app.delete(`${path}/:id`, { schema: { tags, params, response: { 200: Deleted } } }, (request) =>
        withTransaction(deps.pool, (tx) =>
          deleteDocument(resource, deps, tx, scopeOf(request), request.params.id),
        ),
      );
  };
}

/** What a resource's create and update hooks are handed: the request's transaction and caller. */
function documentContext(
  deps: AppDeps,
  tx: pg.PoolClient,
  scope: Scope,
  orgCountryCode: string,
): DocumentContext {
  return { db: tx, scope, orgCountryCode, now: deps.clock.now(), deps };
}

/** The new doc stored (a unique index's refusal as the resource words it), then its own rows. */
async function createDocument<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
  input: unknown,
  ctx: DocumentContext,
) {
  const { db: tx, scope, deps } = ctx;
  const doc = await resource.create(input, ctx);
  await insertDoc(tx, resource.table, scope, doc, resource.searchText(doc)).catch((err) => {
    const conflict = (err as { code?: string }).code === '23505' && resource.conflict?.(doc);
    throw conflict || err;
  });
  await resource.afterCreate?.(tx, scope, doc, input, ctx);
  return shownDoc(resource, deps, doc);
}

async function documentsList<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
  deps: AppDeps,
  scope: Scope,
  query: ListQuery,
): Promise<string> {
  const { totalCount, docs } = await listDocs(
    deps.pool,
    resource.table,
    scope,
    query,
    parseSearch(query.search),
  );
  return listBody(
    query,
    totalCount,
    docs.map((text) => shownText(resource, deps, text)),
  );
}

async function documentText<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
  deps: AppDeps,
  scope: Scope,
  id: string,
): Promise<string> {
  const doc = await getDoc(deps.pool, resource.table, scope, id);
  if (!doc) throw notFound(resource.object, id);
  return shownText(resource, deps, doc);
}

/** After the resource's own check; a resource with `keptForOrders` leaves what orders still to print read of it. */
async function deleteDocument<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
  deps: AppDeps,
  tx: pg.PoolClient,
  scope: Scope,
  id: string,
) {
  const { table, object, keptForOrders } = resource;
  const now = deps.clock.now();
  await resource.beforeDelete?.(tx, scope, id, { now, deps });
  if (!keptForOrders) {
    if (!(await deleteRow(tx, table, scope, id))) throw notFound(object, id);
  } else {
    // Gone from its table now; what orders still to print read of it stays until they are done.
    const doc = await deleteDoc<Doc>(tx, table, scope, id);
    if (!doc) throw notFound(object, id);
    await keepForOrders(tx, deps.boss, scope, doc, keptForOrders, now);
  }
  return { id, object, deleted: true as const };
}

/** Stored JSON text goes out as it is, unless the resource presents its docs otherwise. */
function shownText<Doc extends StoredDoc>(
  resource: DocumentResource<Doc>,
  deps: AppDeps,
  text: string,
): string {
  return resource.present ? jsonbText(resource.present(JSON.parse(text), deps.signer)) : text;
}

function shownDoc<Doc extends StoredDoc>(resource: DocumentResource<Doc>, deps: AppDeps, doc: Doc): Doc {
  return resource.present ? resource.present(doc, deps.signer) : doc;
}
