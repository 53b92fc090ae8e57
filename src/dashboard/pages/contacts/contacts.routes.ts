import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import type { ContactCreate } from '../../../api/print-mail/contacts/contact.schema.js';
import {
  CONTACT_TEXT_FIELDS,
  ContactCreate as ContactCreateSchema,
} from '../../../api/print-mail/contacts/contact.schema.js';
import { listContactDocs } from '../../../api/print-mail/contacts/contacts.repo.js';
import {
  createContact,
  deleteContact,
  getContact,
} from '../../../api/print-mail/contacts/contacts.service.js';
import { ApiError } from '../../../platform/errors.js';
import { parseSearch } from '../../../platform/lists.js';
import { checkBody } from '../../../platform/request-schema.js';
import { pageNumber } from '../../format.js';
import { field, formOf, requireOrganization, scopeOfPage } from '../../guard.js';
import { csrfToken, flash, redirect, sendPage } from '../../page.js';
import { addressSuggestions } from './address-suggestions.js';
import { contactFormHtml, contactHtml, contactsListHtml, suggestionsHtml } from './contacts.html.js';

const page = { schema: { hide: true } };
const LIMIT = 25;

/** Contacts through the API's contact service: the same checks, de-duplication and test-mode rules. */
export const contactsPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);
  app.get('/contacts', page, (request, reply) => contactsPage(deps, request, reply));
  app.get('/contacts/new', page, (request, reply) => formPage(request, reply, {}));
  app.post('/contacts/new', page, (request, reply) => createFromPage(deps, request, reply));
  // Address suggestions as the street is typed: the autocomplete engine's free previews.
  app.get('/contacts/suggestions', page, (request, reply) => suggestionsPart(deps, request, reply));
  app.get('/contacts/:id', page, (request, reply) => contactPage(deps, request, reply));
  // As DELETE /contacts/{id}: the same service, so another organization's or mode's id (or one
  // already deleted) is a 404 page. Orders keep their own copy of the address.
  app.post('/contacts/:id/delete', page, (request, reply) => deleteFromPage(deps, request, reply));
};

async function contactsPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const q = request.query as Record<string, unknown>;
  const search = field(q, 'q').slice(0, 200);
  const pageNo = pageNumber(q.page);
  const { totalCount, docs } = await listContactDocs(
    deps.pool,
    scopeOfPage(request),
    { limit: LIMIT, skip: (pageNo - 1) * LIMIT },
    // Free text only: a leading "{" would be read as the API's JSON field search.
    parseSearch(search.startsWith('{') ? `"${search}"` : search),
  );
  return sendPage(request, reply, {
    title: 'Contacts',
    section: 'contacts',
    body: contactsListHtml(
      search,
      pageNo,
      LIMIT,
      totalCount,
      docs.map((d) => JSON.parse(d)),
    ),
  });
}

/** The new-contact form: empty, or as sent with the error that refused it. */
function formPage(
  request: FastifyRequest,
  reply: FastifyReply,
  sent: Record<string, unknown>,
  problem?: ApiError,
) {
  return sendPage(request, reply, {
    title: 'New contact',
    section: 'contacts',
    status: problem?.statusCode ?? 200,
    body: contactFormHtml(reply, sent, problem?.message),
  });
}

async function createFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const form = formOf(request);
  const session = request.dashboard!;
  try {
    const input: Record<string, unknown> = {};
    for (const name of CONTACT_TEXT_FIELDS) if (field(form, name)) input[name] = field(form, name);
    const contact = await createContact(deps.pool, checkBody<ContactCreate>(ContactCreateSchema, input), {
      scope: scopeOfPage(request),
      orgCountryCode: session.orgCountryCode ?? 'US',
      addressing: deps.addressing,
      now: deps.clock.now(),
    });
    flash(request, reply, `Saved ${contact.id} (address ${contact.addressStatus}).`);
    return redirect(reply, `/contacts/${contact.id}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    return formPage(request, reply, form, err);
  }
}

async function suggestionsPart(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const typed = field(request.query as Record<string, unknown>, 'addressLine1').slice(0, 200);
  const suggestions = await addressSuggestions(deps.completions, typed);
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(suggestionsHtml(suggestions).text);
}

async function contactPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const contact = JSON.parse(await getContact(deps.pool, scopeOfPage(request), id));
  return sendPage(request, reply, {
    title: id,
    section: 'contacts',
    body: contactHtml(contact, csrfToken(reply)),
  });
}

async function deleteFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  await deleteContact(deps.pool, scopeOfPage(request), id);
  flash(request, reply, `Deleted ${id}.`);
  return redirect(reply, '/contacts');
}
