import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { listContactDocs } from '../../../api/print-mail/contacts/contacts.repo.js';
import type { OrderCreateBase } from '../../../api/print-mail/orders/order-base.schema.js';
import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import {
  insertOrder,
  insertOrderAtOnce,
  orderCreateContext,
  prepareOrder,
} from '../../../api/print-mail/orders/order-service.js';
import { withTransaction } from '../../../db/tx.js';
import { ApiError } from '../../../platform/errors.js';
import { contactLabel } from '../../format.js';
import { field, formOf, requireOrganization, scopeOfPage } from '../../guard.js';
import { html } from '../../html.js';
import { csrfField, csrfToken, flash, redirect, sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import { inputOf, kindNamed, renderFields } from './order-form.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };

/**
 * A new order of any kind from a form made from the kind's create schema (order-form.ts),
 * created by the API's create flow: prepareOrder, then one statement or a transaction.
 */
export const orderNewPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);

  async function newOrderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: OrderKind,
    sent: Record<string, unknown>,
    problem?: string,
  ) {
    const { docs } = await listContactDocs(
      deps.pool,
      scopeOfPage(request),
      { limit: 100, skip: 0 },
      undefined,
    );
    const contacts = docs.map((text) => JSON.parse(text)).map((c) => ({ id: c.id, label: contactLabel(c) }));
    const csrf = csrfToken(reply);
    const live = request.dashboard!.live;
    return html`
<p><a href="${D}/orders?kind=${kind.name}">← Back to the list</a></p>
${problem ? html`<p class="error" role="alert" id="form-problem">${problem}</p>` : ''}
<form method="post" action="${D}/orders/new" class="card form-grid"${problem ? html` aria-describedby="form-problem"` : ''}>
  ${csrfField(csrf)}
  <input type="hidden" name="kind" value="${kind.name}">
  <p class="hint wide">The fields of the API's create call. Contacts are contact ids (start typing to pick one of your contacts); a template or markup field gives the content.</p>
  ${renderFields(kind, sent, contacts)}
  <div class="wide"><button type="submit">Create ${live ? 'live ' : ''}${kind.name.replaceAll('_', ' ')}</button>
    ${live ? html`<small class="hint">Live: it will be printed and mailed on its send date.</small>` : ''}</div>
</form>`;
  }

  app.get('/orders/new', page, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const kind = kindNamed(field(q, 'kind'));
    // A contact's page links here with `to` filled in.
    const prefill = { to: field(q, 'to'), from: field(q, 'from') };
    return sendPage(request, reply, {
      title: `New ${kind.name.replaceAll('_', ' ')}`,
      section: 'orders',
      body: await newOrderPage(request, reply, kind, prefill),
    });
  });

  app.post('/orders/new', page, async (request, reply) => {
    const form = formOf(request);
    const kind = kindNamed(field(form, 'kind'));
    const session = request.dashboard!;
    try {
      const input = inputOf(kind, form) as unknown as OrderCreateBase;
      const ctx = orderCreateContext(deps, scopeOfPage(request), session.orgCountryCode ?? 'US');
      // As the API's create without an Idempotency-Key: one statement, or a transaction when it must.
      const order = await prepareOrder(deps.pool, kind, input, ctx);
      const created =
        (await insertOrderAtOnce(deps.pool, order, ctx)) ??
        (await withTransaction(deps.pool, (tx) => insertOrder(tx, order, ctx)));
      flash(request, reply, `Created ${created.id}.`);
      return redirect(reply, `/orders/${created.id}`);
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      return sendPage(request, reply, {
        title: `New ${kind.name.replaceAll('_', ' ')}`,
        section: 'orders',
        status: err.statusCode,
        body: await newOrderPage(request, reply, kind, form, err.message),
      });
    }
  });
};
