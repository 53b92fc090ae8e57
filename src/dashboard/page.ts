import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Html, html, raw } from './html.js';
import { SECTIONS, type Section } from './nav.js';
import { DASHBOARD_PATH, isHttps } from './session/session-token.js';
import type { DashboardSession } from './session/sessions.repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in dashboard session (set by the session hook on dashboard routes). */
    dashboard?: DashboardSession;
  }
}

const FLASH_COOKIE = 'postroom_flash';
const D = DASHBOARD_PATH;

/**
 * What the pages allow the browser to do: scripts, styles, workers (pdf.js) and requests only
 * from Postroom itself, no inline script, no framing by other sites, forms only back here.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8');
}

const tokens = new WeakMap<FastifyReply, string>();

/**
 * This response's CSRF token. Made once per response: without a secret cookie yet, each
 * generateCsrf() call would make a new secret, and the page's forms would carry a token of a
 * secret the browser never keeps.
 */
export function csrfToken(reply: FastifyReply): string {
  let token = tokens.get(reply);
  if (token === undefined) {
    token = reply.generateCsrf();
    tokens.set(reply, token);
  }
  return token;
}

/** A one-time message shown on the next page (after a redirect): a cookie, never the URL. */
export function flash(request: FastifyRequest, reply: FastifyReply, text: string): void {
  reply.setCookie(FLASH_COOKIE, text.slice(0, 500), {
    path: D,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    maxAge: 60,
  });
}

function takeFlash(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const text = request.cookies[FLASH_COOKIE];
  if (text !== undefined) reply.clearCookie(FLASH_COOKIE, { path: D });
  return text || undefined;
}

/** The hidden field every changing form carries (checked by @fastify/csrf-protection). */
export const csrfField = (token: string): Html => html`<input type="hidden" name="_csrf" value="${token}">`;

/** A one-button form that POSTs to `action` (cancel, revoke, ...): a change is never a link. */
export function postButton(
  token: string,
  action: string,
  label: string,
  opts: { className?: string; fields?: Record<string, string>; confirm?: string } = {},
): Html {
  const fields = Object.entries(opts.fields ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  return html`<form method="post" action="${action}" class="inline">${csrfField(token)}${fields}<button type="submit" class="${opts.className ?? ''}">${label}</button></form>`;
}

export interface PageOptions {
  title: string;
  section?: Section;
  body: Html;
  /** The status code to answer with (a form with a problem is 400). */
  status?: number;
}

function modeSwitch(session: DashboardSession, token: string): Html {
  const live = session.live;
  return html`<form method="post" action="${D}/mode" class="mode-switch" aria-label="Test or live data">
    ${csrfField(token)}
    <span class="mode-label">Mode</span>
    <button type="submit" name="mode" value="test" aria-pressed="${String(!live)}" class="mode test">Test</button>
    <button type="submit" name="mode" value="live" aria-pressed="${String(live)}" class="mode live">Live</button>
  </form>`;
}

/** The whole page: header with organization, mode switch and sign-out, the menu, the content. */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, opts: PageOptions) {
  const session = request.dashboard;
  const token = csrfToken(reply);
  const notice = takeFlash(request, reply);
  const header = session
    ? html`<header class="top ${session.live ? 'is-live' : 'is-test'}">
  <a class="brand" href="${D}/orders">Postroom</a>
  <span class="org">${session.orgName ?? 'No organization chosen'}${session.operator ? html` <span class="badge">operator</span>` : ''}</span>
  ${session.orgId ? modeSwitch(session, token) : ''}
  <form method="post" action="${D}/sign-out" class="inline">${csrfField(token)}<button type="submit" class="secondary">Sign out</button></form>
</header>
<p class="mode-banner ${session.live ? 'is-live' : 'is-test'}" role="note">${
        session.live
          ? 'Live mode: orders made here are printed and mailed.'
          : 'Test mode: nothing made here is printed or mailed.'
      }</p>
<nav aria-label="Sections"><ul>${SECTIONS.filter((s) => !('operator' in s) || session.operator).map(
        (s) =>
          html`<li><a href="${D}/${s.path}"${raw(opts.section === s.path ? ' aria-current="page"' : '')}>${s.label}</a></li>`,
      )}</ul></nav>`
    : html`<header class="top"><span class="brand">Postroom</span></header>`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false}'>
<title>${opts.title} · Postroom</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${D}/assets/dashboard.css">
<script src="${D}/assets/htmx/htmx.min.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header}
<main id="main" tabindex="-1">
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<h1>${opts.title}</h1>
${opts.body}
</main>
</body>
</html>`;
  return pageHeaders(reply)
    .code(opts.status ?? 200)
    .send(page.text);
}

/** After a change: back to a page (303, so a reload does not post again). */
export const redirect = (reply: FastifyReply, path: string) => reply.redirect(`${D}${path}`, 303);
