import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { EVENT_TYPES } from '../../../api/print-mail/events/event-types.js';
import { getEventDoc } from '../../../api/print-mail/events/events.repo.js';
import { listInvocationDocs } from '../../../api/print-mail/webhooks/invocations.repo.js';
import type { Webhook } from '../../../api/print-mail/webhooks/webhook.schema.js';
import { listWebhookDocs } from '../../../api/print-mail/webhooks/webhooks.repo.js';
import {
  buildWebhook,
  getWebhook,
  saveNewWebhook,
  updateWebhook,
} from '../../../api/print-mail/webhooks/webhooks.service.js';
import { ApiError, invalid, notFound } from '../../../platform/errors.js';
import { field, formOf, requireOrganization, scopeOfPage } from '../../guard.js';
import { csrfToken, flash, redirect, sendPage } from '../../page.js';
import { resendEvent } from './resend.js';
import { webhookFormHtml, webhookHtml, webhooksListHtml } from './webhooks.html.js';

const page = { schema: { hide: true } };

/** The event types a form ticked (one checkbox per type, all named `enabledEvents`). */
function tickedEvents(form: Record<string, unknown>): string[] {
  const value = form.enabledEvents;
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );
}

/** Webhooks through the API's webhook service: the same URL checks, secrets and delivery. */
export const webhooksPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);
  app.get('/webhooks', page, (request, reply) => listPage(deps, request, reply));
  app.post('/webhooks', page, (request, reply) => createFromPage(deps, request, reply));
  app.get('/webhooks/:id', page, (request, reply) => webhookPage(deps, request, reply));
  app.post('/webhooks/:id/enabled', page, (request, reply) => setEnabled(deps, request, reply));
  app.post('/webhooks/:id/resend', page, (request, reply) => resendFromPage(deps, request, reply));
};

/** What the webhook service checks a page's webhook with, as it checks the API's. */
function serviceContext(deps: AppDeps, request: FastifyRequest) {
  return {
    scope: scopeOfPage(request),
    now: deps.clock.now(),
    allowPrivateUrls: deps.config.allowPrivateUrls,
  };
}

/** The list with the new-webhook form: empty, or as sent with the error that refused it. */
async function listPage(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  form: Record<string, unknown> = {},
  refused?: ApiError,
) {
  const { docs } = await listWebhookDocs(deps.pool, scopeOfPage(request), { limit: 100, skip: 0 }, undefined);
  return sendPage(request, reply, {
    title: 'Webhooks',
    section: 'webhooks',
    ...(refused ? { status: refused.statusCode } : {}),
    body: webhooksListHtml(
      docs.map((d) => JSON.parse(d)),
      webhookFormHtml(csrfToken(reply), EVENT_TYPES, form, refused?.message),
    ),
  });
}

async function createFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const form = formOf(request);
  try {
    const events = tickedEvents(form);
    if (events.length === 0) throw invalid('enabledEvents', 'must name at least one event type.');
    const built = await buildWebhook(
      {
        url: field(form, 'url'),
        enabledEvents: events,
        ...(field(form, 'description') ? { description: field(form, 'description') } : {}),
        payloadFormat: field(form, 'payloadFormat') === 'json' ? 'json' : 'jwt',
      },
      serviceContext(deps, request),
    );
    const webhook = await saveNewWebhook(deps.pool, scopeOfPage(request), built);
    flash(request, reply, `Created ${webhook.id}.`);
    return redirect(reply, `/webhooks/${webhook.id}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    return listPage(deps, request, reply, form, err);
  }
}

async function webhookPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const scope = scopeOfPage(request);
  const webhook = JSON.parse(await getWebhook(deps.pool, scope, id)) as Webhook;
  const { docs } = await listInvocationDocs(deps.pool, scope, id, { limit: 100, skip: 0 }, undefined);
  return sendPage(request, reply, {
    title: webhook.description ? `${webhook.description}` : id,
    section: 'webhooks',
    body: webhookHtml(
      webhook,
      docs.map((d) => JSON.parse(d)),
      csrfToken(reply),
    ),
  });
}

async function setEnabled(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const enabled = field(formOf(request), 'enabled') === 'true';
  await updateWebhook(deps.pool, id, { enabled }, serviceContext(deps, request));
  flash(request, reply, `${id} is ${enabled ? 'enabled' : 'disabled'}.`);
  return redirect(reply, `/webhooks/${id}`);
}

async function resendFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const scope = scopeOfPage(request);
  const eventId = field(formOf(request), 'event');
  await getWebhook(deps.pool, scope, id); // 404 for another organization's webhook
  if (!(await getEventDoc(deps.pool, scope, eventId))) throw notFound('event', eventId);
  await resendEvent(deps.pool, deps.boss, id, eventId, deps.config.webhookRetryDelaysSec);
  flash(request, reply, `Sending ${eventId} again; its invocation appears below when it is done.`);
  return redirect(reply, `/webhooks/${id}`);
}
