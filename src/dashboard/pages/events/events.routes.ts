import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { EVENT_TYPES, isEventType } from '../../../api/print-mail/events/event-types.js';
import { listEventDocs } from '../../../api/print-mail/events/events.repo.js';
import { getEvent } from '../../../api/print-mail/events/events.service.js';
import { orderKindOfId } from '../../../api/print-mail/orders/order-kinds.js';
import { pageNumber, pager, query, when } from '../../format.js';
import { field, requireOrganization, scopeOfPage } from '../../guard.js';
import { html } from '../../html.js';
import { sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };
const LIMIT = 50;

/** What happened, newest first, as GET /events lists it; one event's whole JSON on its page. */
export const eventsPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);

  app.get('/events', page, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const type = isEventType(field(q, 'type')) ? field(q, 'type') : '';
    const pageNo = pageNumber(q.page);
    const { totalCount, docs } = await listEventDocs(
      deps.pool,
      scopeOfPage(request),
      { limit: LIMIT, skip: (pageNo - 1) * LIMIT },
      undefined,
      type ? [type] : undefined,
    );
    const events = docs.map((d) => JSON.parse(d));
    return sendPage(request, reply, {
      title: 'Events',
      section: 'events',
      body: html`
<form method="get" action="${D}/events" class="filters" aria-label="Filter events">
  <div class="field"><label for="type">Type</label><select id="type" name="type"><option value="">Any</option>${EVENT_TYPES.map(
    (t) => html`<option${t === type ? html` selected` : ''}>${t}</option>`,
  )}</select></div>
  <button type="submit">Filter</button>
</form>
<p class="count" role="status">${totalCount.toLocaleString('en-US')} events</p>
${
  events.length === 0
    ? html`<p class="empty">No events.</p>`
    : html`<div class="table-wrap"><table><caption class="visually-hidden">Events</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">About</th><th scope="col">When</th></tr></thead>
<tbody>${events.map(
        (e) => html`<tr><td><a href="${D}/events/${e.id}">${e.id}</a></td><td>${e.type}</td>
  <td>${typeof e.data?.id === 'string' ? (orderKindOfId(e.data.id) ? html`<a href="${D}/orders/${e.data.id}">${e.data.id}</a>` : e.data.id) : ''}</td>
  <td>${when(e.createdAt)}</td></tr>`,
      )}</tbody></table></div>`
}
${pager(totalCount, pageNo, LIMIT, (p) => `${D}/events${query({ type, page: p })}`)}`,
    });
  });

  app.get('/events/:id', page, async (request, reply) => {
    const { id } = request.params as { id: string };
    const event = JSON.parse(await getEvent(deps.pool, scopeOfPage(request), id));
    return sendPage(request, reply, {
      title: `${event.type}`,
      section: 'events',
      body: html`<p><a href="${D}/events">← All events</a></p>
<p>${id}, ${when(event.createdAt)}</p>
<pre class="card json">${JSON.stringify(event, null, 2)}</pre>`,
    });
  });
};
