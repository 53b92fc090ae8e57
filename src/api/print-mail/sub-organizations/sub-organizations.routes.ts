import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
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

const Deleted = Type.Object({
  id: Type.String(),
  object: Type.Literal('sub_org'),
  deleted: Type.Literal(true),
});

/**
 * Sub-organizations: create (a child organization, its user and keys), list, get, the child's
 * users, and delete (an extension of the hosted API: the child is disabled and its keys stop).
 * The hosted SDK sends the collection path with a trailing slash; every print & mail path
 * answers that spelling too (withoutTrailingSlash, platform/route-helpers.ts).
 */
export const subOrganizationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    PATH,
    { schema: { tags, body: SubOrganizationCreate, response: { 201: documented(SubOrganizationCreated) } } },
    (request, reply) => create(deps, request, reply, request.body),
  );
  app.get(PATH, { schema: { tags, querystring: ListQuery } }, async (request, reply) =>
    sendJson(reply, await subOrganizationsList(deps, scopeOf(request), request.query)),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, params, response: { 200: documented(SubOrganization) } } },
    (request) => subOrganization(deps, scopeOf(request), request.params.id),
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
    async (request, reply) =>
      sendJson(reply, await usersArray(deps, scopeOf(request), request.params.id, request.query)),
  );
  app.delete(`${PATH}/:id`, { schema: { tags, params, response: { 200: Deleted } } }, (request) =>
    remove(deps, scopeOf(request), request.params.id),
  );
};

function create(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, input: SubOrganizationCreate) {
  return runCreate(
    deps.pool,
    request,
    reply,
    async (tx) => {
      const created = await createSubOrganization(tx, scopeOf(request), input, deps.clock.now());
      return { statusCode: 201, ...created };
    },
    // The password stays out of the stored fingerprint: only its scrypt hash is kept anywhere.
    { fingerprintBody: { ...input, password: undefined } },
  );
}

async function subOrganizationsList(deps: AppDeps, scope: Scope, query: ListQuery): Promise<string> {
  const page = await listDocs(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, query, parseSearch(query.search));
  const shown = await presentSubOrganizations(deps.pool, page.docs, scope.live, deps.clock.now());
  return listBody(query, page.totalCount, shown.map(jsonbText));
}

async function subOrganization(deps: AppDeps, scope: Scope, id: string) {
  const doc = await getDoc(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, id);
  if (!doc) throw notFound('sub_org', id);
  return (await presentSubOrganizations(deps.pool, [doc], scope.live, deps.clock.now()))[0];
}

/** The child's users, read in the child's own scope once the child is known to be the caller's. */
async function usersArray(deps: AppDeps, scope: Scope, id: string, query: ListQuery): Promise<string> {
  if (!(await getDoc(deps.pool, SUB_ORGANIZATIONS_TABLE, scope, id))) throw notFound('sub_org', id);
  const childScope = { orgId: id, live: scope.live };
  const page = await listDocs(deps.pool, USERS_TABLE, childScope, query, parseSearch(query.search));
  return `[${page.docs.join(',')}]`;
}

async function remove(deps: AppDeps, scope: Scope, id: string) {
  await withTransaction(deps.pool, (tx) => deleteSubOrganization(tx, scope, id));
  // Committed: this process stops the child's keys now, others within the key cache's 10 s.
  forgetCachedKeys();
  return { id, object: 'sub_org' as const, deleted: true as const };
}
