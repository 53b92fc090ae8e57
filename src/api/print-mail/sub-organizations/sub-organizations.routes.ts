import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { forgetCachedKeys, scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import {
  SubOrganization,
  SubOrganizationCreate,
  SubOrganizationCreated,
  SubOrganizationUser,
} from './sub-organization.schema.js';
import { SUB_ORGANIZATIONS_TABLE, USERS_TABLE } from './sub-organizations.repo.js';
import {
  createSubOrganization,
  deleteSubOrganization,
  presentSubOrganizations,
} from './sub-organizations.service.js';

const tags = ['Sub-organizations'];
const PATH = '/sub_organizations';
const params = IdParams('sub_org');

/**
 * Sub-organizations: create (a child organization, its user and keys), list, get, the child's
 * users, and delete (an extension of the hosted API: the child is disabled and its keys stop).
 * The hosted SDK sends the collection path with a trailing slash; every print & mail path
 * answers that spelling too (withoutTrailingSlash, platform/route-helpers.ts).
 */
export const subOrganizationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    PATH,
    {
      schema: { tags, body: SubOrganizationCreate, response: { 201: documented(SubOrganizationCreated) } },
    },
    (request, reply) =>
      runCreate(
        deps.pool,
        request,
        reply,
        async (tx) => {
          const created = await createSubOrganization(tx, scopeOf(request), request.body, deps.clock.now());
          return { statusCode: 201, ...created };
        },
        // The password stays out of the stored fingerprint: only its scrypt hash is kept anywhere.
        { fingerprintBody: { ...request.body, password: undefined } },
      ),
  );

  app.get(PATH, { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const { query } = request;
    const scope = scopeOf(request);
    const page = await listDocs(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, query, parseSearch(query.search));
    const shown = await presentSubOrganizations(deps.pool, page.docs, scope.live, deps.clock.now());
    return sendJson(reply, listBody(query, page.totalCount, shown.map(jsonbText)));
  });

  app.get(
    `${PATH}/:id`,
    { schema: { tags, params, response: { 200: documented(SubOrganization) } } },
    async (request) => {
      const scope = scopeOf(request);
      const doc = await getDoc(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, request.params.id);
      if (!doc) throw notFound('sub_org', request.params.id);
      return (await presentSubOrganizations(deps.pool, [doc], scope.live, deps.clock.now()))[0];
    },
  );

  // The hosted API answers a bare array here (its SDK's type), paged by skip and limit.
  app.get(
    `${PATH}/:id/users`,
    {
      schema: {
        tags,
        params,
        querystring: ListQuery,
        response: { 200: documented(Type.Array(SubOrganizationUser)) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      if (!(await getDoc(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, id))) throw notFound('sub_org', id);
      const { query } = request;
      const childScope = { orgId: id, live: scope.live };
      const page = await listDocs(deps.pool, USERS_TABLE, childScope, query, parseSearch(query.search));
      return sendJson(reply, `[${page.docs.join(',')}]`);
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        params,
        response: {
          200: Type.Object({
            id: Type.String(),
            object: Type.Literal('sub_org'),
            deleted: Type.Literal(true),
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await withTransaction(deps.pool, (tx) => deleteSubOrganization(tx, scopeOf(request), id));
      // Committed: this process stops the child's keys now, others within the key cache's 10 s.
      forgetCachedKeys();
      return { id, object: 'sub_org' as const, deleted: true as const };
    },
  );
};
