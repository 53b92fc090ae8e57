import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { type KeyKind, PRODUCTS, type Product } from '../../../platform/auth/api-key.js';
import { createKey } from '../../../platform/auth/keys.repo.js';
import { invalid, notFound } from '../../../platform/errors.js';
import { when } from '../../format.js';
import { field, formOf, requireOrganization, scopeOfPage } from '../../guard.js';
import { type Html, html } from '../../html.js';
import { csrfField, csrfToken, flash, postButton, redirect, sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import { listScopedKeys, revokeScopedKey } from './keys.repo.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };

/**
 * API keys of the organization in the page's mode. A new key is shown once, in the answer to
 * the form that made it (never in a URL, never again: only its hash is kept). Revoking a key
 * also ends dashboard sessions opened with it (sessions.repo.ts).
 */
export const keysPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);

  async function keysPage(
    request: FastifyRequest,
    reply: FastifyReply,
    created?: { key: string; id: string },
  ) {
    const session = request.dashboard!;
    const csrf = csrfToken(reply);
    const keys = await listScopedKeys(deps.pool, scopeOfPage(request));
    const mode = session.live ? 'live' : 'test';
    const shown: Html = created
      ? html`<section class="card" aria-labelledby="new-key-h" role="status">
  <h2 id="new-key-h">Your new key</h2>
  <p>Copy it now: it is not shown again.</p>
  <p class="secret" id="new-key">${created.key}</p>
  <p><button type="button" data-copy="new-key" data-copy-status="new-key-copied" hidden>Copy</button>
    <span id="new-key-copied" class="hint" aria-live="polite"></span></p>
</section>
<script src="${D}/assets/copy.js" defer></script>`
      : html``;
    return sendPage(request, reply, {
      title: 'API keys',
      section: 'keys',
      status: created ? 201 : 200,
      body: html`${shown}
<form method="post" action="${D}/keys" class="card filters" aria-labelledby="create-key-h">
  <h2 id="create-key-h" class="wide">Create a ${mode} key</h2>
  ${csrfField(csrf)}
  <div class="field"><label for="product">Product</label><select id="product" name="product">${PRODUCTS.map((p) => html`<option>${p}</option>`)}</select></div>
  <div class="field"><label for="kind">Kind</label><select id="kind" name="kind"><option value="secret">secret</option><option value="public">public</option></select></div>
  <button type="submit">Create key</button>
</form>
<div class="table-wrap"><table>
  <caption class="visually-hidden">${mode} API keys</caption>
  <thead><tr><th scope="col">Key</th><th scope="col">Product</th><th scope="col">Kind</th><th scope="col">Created</th><th scope="col">State</th></tr></thead>
  <tbody>${keys.map(
    (k) => html`<tr id="${k.id}">
    <td><code>${k.hint}</code><br><small class="muted">${k.id}</small></td><td>${k.product}</td><td>${k.kind}</td><td>${when(k.createdAt)}</td>
    <td>${k.revokedAt ? html`revoked ${when(k.revokedAt)}` : postButton(csrf, `${D}/keys/${k.id}/revoke`, 'Revoke', { className: 'danger' })}</td>
  </tr>`,
  )}</tbody></table></div>`,
    });
  }

  app.get('/keys', page, (request, reply) => keysPage(request, reply));

  app.post('/keys', page, async (request, reply) => {
    const form = formOf(request);
    const product = field(form, 'product') as Product;
    const kind = field(form, 'kind') as KeyKind;
    if (!PRODUCTS.includes(product)) throw invalid('product', `must be one of ${PRODUCTS.join(', ')}.`);
    if (kind !== 'secret' && kind !== 'public') throw invalid('kind', 'must be secret or public.');
    const scope = scopeOfPage(request);
    const created = await createKey(deps.pool, scope.orgId, scope.live ? 'live' : 'test', product, kind);
    return keysPage(request, reply, created);
  });

  app.post('/keys/:id/revoke', page, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!(await revokeScopedKey(deps.pool, scopeOfPage(request), id))) throw notFound('active API key', id);
    flash(request, reply, `Revoked ${id}. Calls with it stop working within 10 seconds.`);
    return redirect(reply, '/keys');
  });
};
