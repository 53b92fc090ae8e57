import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../api/deps.js';
import { field, formOf } from '../guard.js';
import { html } from '../html.js';
import { csrfField, csrfToken, flash, redirect, sendPage } from '../page.js';
import {
  clearSessionCookie,
  DASHBOARD_PATH,
  newSessionToken,
  SESSION_TTL_MS,
  sessionTokenHash,
  sessionTokenOf,
  setSessionCookie,
} from './session-token.js';
import { deleteExpiredSessions, deleteSession, insertSession, updateSession } from './sessions.repo.js';
import { modeKey, SignInRefused, sessionFor } from './sign-in.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };

/** The sign-in form. The key is typed into a password field and POSTed: never in a URL. */
function signInForm(token: string, problem?: string) {
  return html`<form method="post" action="${D}/sign-in" class="card narrow">
  ${csrfField(token)}
  <label for="credential">Secret API key</label>
  <input id="credential" name="credential" type="password" required autocomplete="off" spellcheck="false"
    ${problem ? html`aria-invalid="true" aria-describedby="credential-problem"` : ''}>
  ${problem ? html`<p id="credential-problem" class="error" role="alert">${problem}</p>` : ''}
  <p class="hint">A test or live secret key (test_sk_…, live_sk_…) of your organization. <code>npm start</code> prints a test key on first start; operators use the operator token.</p>
  <button type="submit">Sign in</button>
</form>`;
}

function modeForm(token: string, mode: 'test' | 'live', problem?: string) {
  return html`<form method="post" action="${D}/mode" class="card narrow">
  ${csrfField(token)}
  <input type="hidden" name="mode" value="${mode}">
  <p>This session was opened with a key of the other mode. To see ${mode} data, enter a ${mode} secret key of this organization (${mode}_sk_…).</p>
  <label for="key">${mode === 'live' ? 'Live' : 'Test'} secret key</label>
  <input id="key" name="key" type="password" required autocomplete="off" spellcheck="false"
    ${problem ? html`aria-invalid="true" aria-describedby="key-problem"` : ''}>
  ${problem ? html`<p id="key-problem" class="error" role="alert">${problem}</p>` : ''}
  <button type="submit">Switch to ${mode}</button>
</form>`;
}

export const signInRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/', page, async (request, reply) => redirect(reply, request.dashboard ? '/orders' : '/sign-in'));

  app.get('/sign-in', page, async (request, reply) => {
    if (request.dashboard) return redirect(reply, '/orders');
    return sendPage(request, reply, { title: 'Sign in', body: signInForm(csrfToken(reply)) });
  });

  app.post('/sign-in', page, async (request, reply) => {
    const now = deps.clock.now();
    try {
      const session = await sessionFor(
        deps.pool,
        field(formOf(request), 'credential'),
        deps.config.operatorToken,
      );
      await deleteExpiredSessions(deps.pool, now);
      const token = newSessionToken();
      const expires = new Date(now.getTime() + SESSION_TTL_MS);
      await insertSession(deps.pool, sessionTokenHash(token), session, now, expires);
      // A new CSRF secret with the new session: a token seen before sign-in is worth nothing after.
      reply.clearCookie('postroom_csrf', { path: D });
      setSessionCookie(request, reply, token, expires);
      return redirect(reply, session.orgId ? '/orders' : '/organizations');
    } catch (err) {
      if (!(err instanceof SignInRefused)) throw err;
      return sendPage(request, reply, {
        title: 'Sign in',
        status: 401,
        body: signInForm(csrfToken(reply), err.message),
      });
    }
  });

  app.post('/sign-out', page, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await deleteSession(deps.pool, sessionTokenHash(token));
    clearSessionCookie(request, reply);
    reply.clearCookie('postroom_csrf', { path: D });
    request.dashboard = undefined;
    flash(request, reply, 'Signed out.');
    return redirect(reply, '/sign-in');
  });

  // The test/live switch. Operators switch freely; a customer's session switches to a mode it
  // was given a key of, and otherwise asks for one (docs/decisions.md, Dashboard).
  app.post('/mode', page, async (request, reply) => {
    const session = request.dashboard;
    if (!session?.orgId) return redirect(reply, '/sign-in');
    const form = formOf(request);
    const mode = field(form, 'mode') === 'live' ? 'live' : 'test';
    const live = mode === 'live';
    const hash = session.tokenHash;
    const back = () => {
      flash(request, reply, `Now showing ${mode} data.`);
      return redirect(reply, '/orders');
    };
    if (session.operator || (live ? session.liveKeyId : session.testKeyId)) {
      await updateSession(deps.pool, hash, { live });
      return back();
    }
    const typed = field(form, 'key');
    const ask = async (problem?: string) =>
      sendPage(request, reply, {
        title: `Switch to ${mode} mode`,
        status: problem ? 401 : 200,
        body: modeForm(csrfToken(reply), mode, problem),
      });
    if (!typed) return ask();
    try {
      const key = await modeKey(deps.pool, typed, session.orgId, mode);
      await updateSession(deps.pool, hash, live ? { live, liveKeyId: key.id } : { live, testKeyId: key.id });
      return back();
    } catch (err) {
      if (!(err instanceof SignInRefused)) throw err;
      return ask(err.message);
    }
  });
};
