import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { Contact, ContactCreate, ContactDeleted } from './contact.schema.js';
import { listContactDocs } from './contacts.repo.js';
import { createContact, deleteContact, getContact } from './contacts.service.js';

const tags = ['Contacts'];

export const contactsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/contacts',
    { schema: { tags, body: ContactCreate, response: { 201: documented(Contact) } } },
    (request, reply) =>
      runCreate(
        deps.pool,
        request,
        reply,
        async (tx) => {
          const contact = await createContact(tx, request.body, {
            scope: scopeOf(request),
            orgCountryCode: request.auth.orgCountryCode,
            addressing: deps.addressing,
            now: deps.clock.now(),
          });
          return { statusCode: 201, body: contact };
        },
        { singleStatement: true },
      ),
  );

  app.get('/contacts', { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const { totalCount, docs } = await listContactDocs(
      deps.pool,
      scopeOf(request),
      request.query,
      parseSearch(request.query.search),
    );
    return sendJson(reply, listBody(request.query, totalCount, docs));
  });

  app.get(
    '/contacts/:id',
    { schema: { tags, params: IdParams('contact'), response: { 200: documented(Contact) } } },
    async (request, reply) =>
      sendJson(reply, await getContact(deps.pool, scopeOf(request), request.params.id)),
  );

  app.delete(
    '/contacts/:id',
    { schema: { tags, params: IdParams('contact'), response: { 200: documented(ContactDeleted) } } },
    (request) => deleteContact(deps.pool, scopeOf(request), request.params.id),
  );
};
