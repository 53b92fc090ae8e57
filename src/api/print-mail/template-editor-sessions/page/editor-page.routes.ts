import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../../../platform/errors.js';
import type { AppDeps } from '../../../deps.js';
import { getTemplateDoc } from '../../templates/templates.repo.js';
import { type SessionByToken, trackersForEditor } from '../editor-sessions.repo.js';
import { EDITOR_PATH, editorUrl } from '../editor-token.js';
import { accessSession, requireSession } from './editor-access.js';
import { type EditorAsset, editorScript, editorStyles } from './editor-assets.js';
import { editorPageHeaders } from './editor-headers.js';
import { editorPageHtml } from './editor-page-html.js';
import { PREVIEW_SIZES, type PreviewSize, renderPreview } from './editor-preview.js';
import { saveTemplateHtml } from './editor-save.js';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
const PreviewBody = Type.Object({
  html: Type.String(),
  size: Type.Optional(Type.Union(PREVIEW_SIZES.map((s) => Type.Literal(s)))),
});
const SaveBody = Type.Object({ html: Type.String() });

const messagePage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

const hide = { hide: true };

/**
 * The template editor page a session's url opens, and the calls it makes (preview, save). No
 * API key: the token in the path is the credential, checked on every call (401 for a token
 * nobody was given, 410 once the session's 24 hours are over). Its script and styles are
 * served from here too (editor-assets.ts).
 */
export function installTemplateEditor(app: FastifyInstance, deps: AppDeps): void {
  // One preview per session at a time: a link's holder cannot queue renders without bound.
  const rendering = new Set<string>();
  app.get(`${EDITOR_PATH}/assets/editor.js`, { schema: hide }, (request, reply) =>
    sendAsset(request, reply, editorScript),
  );
  app.get(`${EDITOR_PATH}/assets/editor.css`, { schema: hide }, (request, reply) =>
    sendAsset(request, reply, editorStyles),
  );
  app.get(`${EDITOR_PATH}/:token`, { schema: { ...hide, params: TokenParams } }, (request, reply) =>
    editorPage(deps, request, reply),
  );
  app.post(
    `${EDITOR_PATH}/:token/preview`,
    { schema: { ...hide, params: TokenParams, body: PreviewBody } },
    (request, reply) => previewPdf(deps, rendering, request, reply),
  );
  app.post(
    `${EDITOR_PATH}/:token/save`,
    { schema: { ...hide, params: TokenParams, body: SaveBody } },
    (request, reply) => saveFromEditor(deps, request, reply),
  );
}

/** The editor's script or styles, answered 304 when the browser's copy is current. */
async function sendAsset(request: FastifyRequest, reply: FastifyReply, load: () => Promise<EditorAsset>) {
  const asset = await load();
  reply
    .header('etag', asset.etag)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  return reply.type(asset.contentType).send(asset.body);
}

/** The page itself, or a short page saying why the link opens nothing. */
async function editorPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { token } = request.params as { token: string };
  const access = await accessSession(deps.pool, token, deps.clock.now());
  const styleNonce = randomBytes(16).toString('base64');
  editorPageHeaders(reply, deps.config.editorFrameAncestors, styleNonce).type('text/html; charset=utf-8');
  if (access.kind === 'invalid')
    return reply
      .code(401)
      .send(messagePage('This editor link is not valid', 'Ask for a new link to edit the template.'));
  if (access.kind === 'expired')
    return reply
      .code(410)
      .send(
        messagePage('This editor link has expired', 'Editor links work for 24 hours. Ask for a new one.'),
      );
  const page = await editorPageOf(deps, access.session, token, styleNonce);
  if (!page) return reply.code(404).send(messagePage('Template not found', 'It was deleted.'));
  return reply.send(page);
}

/** An open session's page: its template's HTML and the trackers it offers; undefined once the template is deleted. */
async function editorPageOf(
  deps: AppDeps,
  session: SessionByToken,
  token: string,
  styleNonce: string,
): Promise<string | undefined> {
  const scope = { orgId: session.orgId, live: session.live };
  const templateText = await getTemplateDoc(deps.pool, scope, session.doc.template);
  if (!templateText) return undefined;
  const choice = session.doc.trackers;
  const trackers =
    choice === 'none'
      ? []
      : await trackersForEditor(deps.pool, scope, Array.isArray(choice) ? choice : undefined);
  const url = editorUrl('', token);
  return editorPageHtml({
    html: JSON.parse(templateText).html ?? '',
    title: session.doc.title ?? 'Template editor',
    ...(session.doc.backURL ? { backURL: session.doc.backURL } : {}),
    ...(session.doc.styles ? { styles: session.doc.styles } : {}),
    trackers,
    previewUrl: `${url}/preview`,
    saveUrl: `${url}/save`,
    expiresAt: session.doc.expiresAt,
    styleNonce,
  });
}

/** `rendering`: the sessions whose preview is rendering now; another one waits for it (429). */
async function previewPdf(
  deps: AppDeps,
  rendering: Set<string>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { token } = request.params as { token: string };
  const body = request.body as { html: string; size?: PreviewSize };
  const session = await requireSession(deps.pool, token, deps.clock.now());
  if (rendering.has(session.doc.id))
    throw apiError(
      'rate_limit_exceeded_error',
      'A preview of this session is still rendering; retry when it is done.',
      {
        'retry-after': '1',
      },
    );
  rendering.add(session.doc.id);
  try {
    const pdf = await renderPreview(deps.renderer, body.html, {
      size: body.size ?? 'us_letter',
      publicUrl: deps.config.publicUrl,
    });
    return reply.type('application/pdf').header('cache-control', 'no-store').send(Buffer.from(pdf));
  } finally {
    rendering.delete(session.doc.id);
  }
}

async function saveFromEditor(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { token } = request.params as { token: string };
  const session = await requireSession(deps.pool, token, deps.clock.now());
  const template = await saveTemplateHtml(deps, session, (request.body as { html: string }).html);
  return reply.header('cache-control', 'no-store').send(template);
}
