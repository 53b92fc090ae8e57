import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../../../platform/errors.js';
import type { AppDeps } from '../../../deps.js';
import { getTemplateDoc } from '../../templates/templates.repo.js';
import { trackersForEditor } from '../editor-sessions.repo.js';
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

/**
 * The template editor page a session's url opens, and the calls it makes (preview, save). No
 * API key: the token in the path is the credential, checked on every call (401 for a token
 * nobody was given, 410 once the session's 24 hours are over). Its script and styles are
 * served from here too (editor-assets.ts).
 */
export function installTemplateEditor(app: FastifyInstance, deps: AppDeps): void {
  const frameAncestors = deps.config.editorFrameAncestors;
  // One preview per session at a time: a link's holder cannot queue renders without bound.
  const rendering = new Set<string>();

  const sendAsset = async (
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<EditorAsset>,
  ) => {
    const asset = await load();
    reply
      .header('etag', asset.etag)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.body);
  };
  const hide = { hide: true };
  app.get(`${EDITOR_PATH}/assets/editor.js`, { schema: hide }, (request, reply) =>
    sendAsset(request, reply, editorScript),
  );
  app.get(`${EDITOR_PATH}/assets/editor.css`, { schema: hide }, (request, reply) =>
    sendAsset(request, reply, editorStyles),
  );

  app.get(`${EDITOR_PATH}/:token`, { schema: { ...hide, params: TokenParams } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const access = await accessSession(deps.pool, token, deps.clock.now());
    const styleNonce = randomBytes(16).toString('base64');
    editorPageHeaders(reply, frameAncestors, styleNonce).type('text/html; charset=utf-8');
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
    const { session } = access;
    const scope = { orgId: session.orgId, live: session.live };
    const templateText = await getTemplateDoc(deps.pool, scope, session.doc.template);
    if (!templateText) return reply.code(404).send(messagePage('Template not found', 'It was deleted.'));
    const choice = session.doc.trackers;
    const trackers =
      choice === 'none'
        ? []
        : await trackersForEditor(deps.pool, scope, Array.isArray(choice) ? choice : undefined);
    const url = editorUrl('', token);
    return reply.send(
      editorPageHtml({
        html: JSON.parse(templateText).html ?? '',
        title: session.doc.title ?? 'Template editor',
        ...(session.doc.backURL ? { backURL: session.doc.backURL } : {}),
        ...(session.doc.styles ? { styles: session.doc.styles } : {}),
        trackers,
        previewUrl: `${url}/preview`,
        saveUrl: `${url}/save`,
        expiresAt: session.doc.expiresAt,
        styleNonce,
      }),
    );
  });

  app.post(
    `${EDITOR_PATH}/:token/preview`,
    { schema: { ...hide, params: TokenParams, body: PreviewBody } },
    async (request, reply) => {
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
    },
  );

  app.post(
    `${EDITOR_PATH}/:token/save`,
    { schema: { ...hide, params: TokenParams, body: SaveBody } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const session = await requireSession(deps.pool, token, deps.clock.now());
      const template = await saveTemplateHtml(deps, session, (request.body as { html: string }).html);
      return reply.header('cache-control', 'no-store').send(template);
    },
  );
}
