import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { TRACKER_URL_PATH } from './tracker-refs.js';
import { visitTrackerLink } from './tracker-visit.js';

const Params = Type.Object({ code: Type.String({ pattern: '^[1-9A-HJ-NP-Za-km-z]{1,40}$' }) });

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * The short links printed on mail (`{{tracker_...}}` and its QR code): no API key, since the
 * people who scan them are the mail's recipients. A GET records a visit and redirects; a HEAD
 * (link checkers, previews) only answers where it would go. Links are never cached, so every
 * scan reaches the server and counts.
 */
export function installTrackerLinks(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${TRACKER_URL_PATH}/:code`,
    exposeHeadRoute: false,
    schema: { hide: true, params: Params },
    handler: async (request, reply) => {
      const { code } = request.params as { code: string };
      const outcome = await visitTrackerLink(
        deps.pool,
        code,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        { record: request.method === 'GET', now: deps.clock.now() },
      );
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 302);
      if (outcome.kind === 'expired')
        return reply
          .code(410)
          .type('text/html')
          .send(page('This link has expired', 'The offer it was printed for has ended.'));
      return reply
        .code(404)
        .type('text/html')
        .send(page('Link not found', 'Check the address and try again.'));
    },
  });
}
