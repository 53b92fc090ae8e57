import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { createEditorSession } from '../../../api/print-mail/template-editor-sessions/editor-session.service.js';
import { renderPreview } from '../../../api/print-mail/template-editor-sessions/page/editor-preview.js';
import { templateResource } from '../../../api/print-mail/templates/template.resource.js';
import type { Template, TemplateCreate } from '../../../api/print-mail/templates/template.schema.js';
import { TemplateCreate as TemplateCreateSchema } from '../../../api/print-mail/templates/template.schema.js';
import { getTemplateDoc } from '../../../api/print-mail/templates/templates.repo.js';
import { insertDoc, listDocs } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { ApiError, notFound } from '../../../platform/errors.js';
import { parseSearch } from '../../../platform/lists.js';
import { checkBody } from '../../../platform/request-schema.js';
import { pageNumber } from '../../format.js';
import { field, formOf, requireOrganization, scopeOfPage } from '../../guard.js';
import { csrfToken, flash, redirect, sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import { templateHtml, templatesListHtml } from './templates.html.js';

const page = { schema: { hide: true } };
const LIMIT = 25;

/**
 * Templates: the list, one template with its preview (merged over sample values and rendered
 * by the engine every letter uses, as the template editor's preview), a create form, and edit
 * through the template editor page (/editor/{token}, a session made here).
 */
export const templatesPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);
  // One preview render per session at a time: a reload cannot queue renders without bound.
  const rendering = new Set<string>();
  app.get('/templates', page, (request, reply) => templatesPage(deps, request, reply));
  app.post('/templates', page, (request, reply) => createFromPage(deps, request, reply));
  app.get('/templates/:id', page, (request, reply) => templatePage(deps, request, reply));
  app.get('/templates/:id/preview', page, (request, reply) => previewPdf(deps, rendering, request, reply));
  // Edit: a template editor session for this template, opened at once (its link is the credential).
  app.post('/templates/:id/edit', page, (request, reply) => openEditor(deps, request, reply));
};

async function templatesPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const list = await listPage(deps, request, request.query as Record<string, unknown>);
  return sendPage(request, reply, {
    title: 'Templates',
    section: 'templates',
    body: templatesListHtml(list, LIMIT, csrfToken(reply), {}),
  });
}

async function listPage(deps: AppDeps, request: FastifyRequest, q: Record<string, unknown>) {
  const search = field(q, 'q').slice(0, 200);
  const pageNo = pageNumber(q.page);
  const { totalCount, docs } = await listDocs(
    deps.pool,
    templateResource.table,
    scopeOfPage(request),
    { limit: LIMIT, skip: (pageNo - 1) * LIMIT },
    parseSearch(search.startsWith('{') ? `"${search}"` : search),
  );
  return { search, pageNo, totalCount, templates: docs.map((d) => JSON.parse(d) as Template) };
}

/** The create form: the new template's page, or the list again with the form and its problem. */
async function createFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const form = formOf(request);
  try {
    const doc = await createTemplate(deps, request, form);
    flash(request, reply, `Created ${doc.id}.`);
    return redirect(reply, `/templates/${doc.id}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    const list = await listPage(deps, request, {});
    return sendPage(request, reply, {
      title: 'Templates',
      section: 'templates',
      status: err.statusCode,
      body: templatesListHtml(list, LIMIT, csrfToken(reply), form, err.message),
    });
  }
}

/** As the API's create: the form checked against its schema, made and stored by the resource. */
async function createTemplate(deps: AppDeps, request: FastifyRequest, form: Record<string, unknown>) {
  const scope = scopeOfPage(request);
  const input = checkBody<TemplateCreate>(TemplateCreateSchema, {
    ...(typeof form.html === 'string' ? { html: form.html } : {}),
    ...(field(form, 'description') ? { description: field(form, 'description') } : {}),
  });
  return withTransaction(deps.pool, async (tx) => {
    const made = await templateResource.create(input, {
      db: tx,
      scope,
      orgCountryCode: request.dashboard!.orgCountryCode ?? 'US',
      now: deps.clock.now(),
    } as Parameters<typeof templateResource.create>[1]);
    await insertDoc(tx, templateResource.table, scope, made, templateResource.searchText(made));
    return made;
  });
}

async function findTemplate(deps: AppDeps, request: FastifyRequest) {
  const { id } = request.params as { id: string };
  const text = await getTemplateDoc(deps.pool, scopeOfPage(request), id);
  if (!text) throw notFound('template', id);
  return JSON.parse(text) as Template;
}

async function templatePage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const template = await findTemplate(deps, request);
  return sendPage(request, reply, {
    title: template.description || template.id,
    section: 'templates',
    body: templateHtml(template, csrfToken(reply)),
  });
}

/** `rendering`: the sessions whose preview is rendering now; another one waits for it (429). */
async function previewPdf(
  deps: AppDeps,
  rendering: Set<string>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const template = await findTemplate(deps, request);
  const key = request.dashboard!.tokenHash.toString('hex');
  if (rendering.has(key))
    return reply.code(429).header('retry-after', '1').send('A preview is still rendering.');
  rendering.add(key);
  try {
    const pdf = await renderPreview(deps.renderer, template.html ?? '', {
      size: 'us_letter',
      publicUrl: deps.config.publicUrl,
    });
    return reply.type('application/pdf').header('cache-control', 'private, no-store').send(Buffer.from(pdf));
  } finally {
    rendering.delete(key);
  }
}

async function openEditor(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const template = await findTemplate(deps, request);
  const session = await createEditorSession(
    deps.pool,
    scopeOfPage(request),
    {
      template: template.id,
      title: template.description || template.id,
      backURL: `${deps.config.publicUrl}${DASHBOARD_PATH}/templates/${template.id}`,
    },
    { now: deps.clock.now(), dataKeys: deps.dataKeys, publicUrl: deps.config.publicUrl },
  );
  return reply.redirect(session.url, 303);
}
