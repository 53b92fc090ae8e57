import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import { NEXT_STATUS, type OrderStatus } from '../../../api/print-mail/orders/order-status.js';
import { type PreviewZones, previewZones } from '../../../engines/render/index.js';
import { addressBlock, kindPlural, statusBadge, when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { postButton } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import type { OrderDetail } from './order-detail.repo.js';
import { type OrderTracking, trackingCard } from './order-tracking.html.js';

const D = DASHBOARD_PATH;
/** Doc fields the summary leaves out: shown elsewhere on the page, or too long for a table. */
const SHOWN_ELSEWHERE = new Set(['id', 'object', 'status', 'to', 'from', 'url', 'live']);

/** The part of the order page that changes while it is made: status, actions, the PDF. Polled until the PDF exists. */
export function orderLiveHtml(kind: OrderKind, order: OrderDetail, live: boolean, csrf: string): Html {
  const status = order.status as OrderStatus;
  const waiting = !order.pdfKey && status !== 'cancelled';
  const next = NEXT_STATUS[status];
  const zones = previewZones(kind.name, order.doc.size);
  return html`<section id="order-live" class="card" aria-labelledby="live-h"${
    waiting ? html` hx-get="${D}/orders/${order.id}/live" hx-trigger="every 2s" hx-swap="outerHTML"` : ''
  }>
  <h2 id="live-h">Status ${statusBadge(status)}</h2>
  <div class="actions">
    ${status === 'ready' ? postButton(csrf, `${D}/orders/${order.id}/cancel`, `Cancel this ${kind.name.replaceAll('_', ' ')}`, { className: 'danger' }) : ''}
    ${!live && next ? postButton(csrf, `${D}/orders/${order.id}/progress`, `Progress to ${next.replaceAll('_', ' ')}`, { className: 'secondary' }) : ''}
  </div>
  ${
    order.pdfKey
      ? html`${zonesToggle(zones)}<div class="pdf" id="order-pdf" data-pdf-url="${D}/orders/${order.id}/pdf"${
          zones ? html` data-pdf-zones="${JSON.stringify(zones)}"` : ''
        } aria-label="The order's PDF, page by page" role="region">
          <p class="muted pdf-loading">Loading the PDF…</p></div>
          <p><a href="${D}/orders/${order.id}/pdf" target="_blank" rel="noopener">Open the PDF</a></p>`
      : status === 'cancelled'
        ? html`<p class="muted">Cancelled before its PDF was made.</p>`
        : html`<p class="muted" role="status">The PDF is being made; this part of the page updates by itself.</p>`
  }
</section>`;
}

/**
 * Shows or hides the areas Postroom covers on the address page (pdf-viewer.js draws them over
 * it): rendered hidden, since without the script it would do nothing.
 */
function zonesToggle(zones: PreviewZones | null): Html | string {
  if (!zones) return '';
  const names = zones.zones.map((z) => z.label.split(':')[0].toLowerCase()).join(', ');
  return html`<p class="zones-toggle" hidden><label><input type="checkbox" data-zones-toggle="order-pdf" checked>
    Show what Postroom covers on page ${zones.page}</label> <span class="muted">(${names})</span></p>`;
}

function summary(doc: Record<string, any>): Html {
  const rows = Object.entries(doc).filter(
    ([k, v]) => !SHOWN_ELSEWHERE.has(k) && v !== null && v !== undefined && v !== '',
  );
  return html`<dl class="summary">${rows.map(([k, v]) => {
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    const value =
      /At$|Date$/.test(k) && typeof v === 'string'
        ? when(v)
        : text.length > 300
          ? `${text.slice(0, 300)}…`
          : text;
    return html`<dt>${k}</dt><dd>${value}</dd>`;
  })}</dl>`;
}

export function orderHtml(
  kind: OrderKind,
  order: OrderDetail,
  events: Array<{ id: string; type: string; createdAt: string }>,
  live: boolean,
  csrf: string,
  tracking: OrderTracking = { scans: [] },
): Html {
  const doc = order.doc;
  return html`
<p><a href="${D}/orders?kind=${kind.name}">← All ${kindPlural(kind.name)}</a></p>
<div class="columns">
  <div>
    ${orderLiveHtml(kind, order, live, csrf)}
  </div>
  <div>
    <section class="card" aria-labelledby="parties-h">
      <h2 id="parties-h">Addresses</h2>
      <div class="parties"><div><h3>To</h3>${addressBlock(doc.to)}</div>${doc.from ? html`<div><h3>From</h3>${addressBlock(doc.from)}</div>` : ''}</div>
    </section>
    ${trackingCard(doc, tracking)}
    <section class="card" aria-labelledby="timeline-h">
      <h2 id="timeline-h">Timeline</h2>
      <ol class="timeline">
        <li>${when(doc.createdAt)}: created (ready)</li>
        ${order.transitions.map((t) => html`<li>${when(t.at)}: ${t.from.replaceAll('_', ' ')} → <strong>${t.to.replaceAll('_', ' ')}</strong> <span class="muted">(${t.cause.replaceAll('_', ' ')})</span></li>`)}
      </ol>
      <h3>Events</h3>
      <ul class="events">${events.map((e) => html`<li><a href="${D}/events/${e.id}">${e.type}</a> ${when(e.createdAt)}</li>`)}</ul>
    </section>
    <section class="card" aria-labelledby="details-h">
      <h2 id="details-h">Details</h2>
      ${summary(doc)}
    </section>
  </div>
</div>
<script type="module" src="${D}/assets/pdf-viewer.js"></script>`;
}
