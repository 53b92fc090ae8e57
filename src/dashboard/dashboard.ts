import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../api/deps.js';
import { ApiError } from '../platform/errors.js';
import { installDashboardAssets } from './assets.js';
import { html } from './html.js';
import { sendPage } from './page.js';
import { DASHBOARD_PAGES } from './pages/registry.js';
import { DASHBOARD_PATH, sessionTokenHash, sessionTokenOf } from './session/session-token.js';
import { findSession } from './session/sessions.repo.js';
import { signInRoutes } from './session/sign-in.routes.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The dashboard at /dashboard (docs/dashboard.md): server-rendered pages over the same services
 * as the API, signed in with a session cookie. Its own scope, so its cookie, CSRF and error
 * pages never touch the API's routes.
 */
export async function installDashboard(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(fastifyCookie);
      await scope.register(fastifyCsrf, {
        cookieKey: 'postroom_csrf',
        // 'auto': Secure when the request came over HTTPS, as the session cookie.
        cookieOpts: { path: DASHBOARD_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto' },
        getToken: (request) => {
          const body = request.body as { _csrf?: unknown } | undefined;
          const header = request.headers['x-csrf-token'];
          return typeof body?._csrf === 'string' ? body._csrf : typeof header === 'string' ? header : '';
        },
      });
      await installDashboardAssets(scope);
      scope.setErrorHandler(errorPage);

      // Every change carries the form's token: checked once the body is parsed.
      scope.addHook('preValidation', (request, reply, done) => {
        if (!UNSAFE.has(request.method)) return done();
        scope.csrfProtection(request, reply, done);
      });
      // Who is signed in: the session cookie's hash, looked up on every page.
      scope.addHook('onRequest', async (request) => {
        if (request.url.startsWith(`${DASHBOARD_PATH}/assets/`)) return; // static files need no session
        const token = sessionTokenOf(request);
        if (token)
          request.dashboard = await findSession(deps.pool, sessionTokenHash(token), deps.clock.now());
      });

      await scope.register(signInRoutes, { deps });
      for (const pages of DASHBOARD_PAGES) await scope.register(pages, { deps });
    },
    { prefix: DASHBOARD_PATH },
  );
}

/** Errors as pages: a refused form token, a bad value, a missing record; never the API's JSON. */
async function errorPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const csrf = error.code?.startsWith('FST_CSRF');
  const status = error instanceof ApiError ? error.statusCode : (error.statusCode ?? 500);
  if (status >= 500) request.log.error({ err: error }, 'dashboard page failed');
  const message = csrf
    ? 'This form was not sent from the dashboard page you had open, or that page has expired. Go back, reload it and try again.'
    : status >= 500
      ? 'Something went wrong on the server. The problem has been logged.'
      : error.message;
  return sendPage(request, reply, {
    title: csrf ? 'Form refused' : status === 404 ? 'Not found' : 'That did not work',
    status: csrf ? 403 : status,
    body: html`<p class="error" role="alert">${message}</p><p><a href="${DASHBOARD_PATH}/orders">Back to the dashboard</a></p>`,
  });
}
