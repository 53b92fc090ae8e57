import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import { ORDER_STATUSES } from '../../../api/print-mail/orders/order-status.js';
import { contactLabel, kindPlural, pager, query, statusBadge, when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import type { OrderListRow } from './orders-list.repo.js';

const D = DASHBOARD_PATH;

export interface OrdersListView {
  kinds: readonly OrderKind[];
  kind: OrderKind;
  /** The filters as typed (the form shows them again). */
  filters: { status: string; from: string; to: string; q: string };
  page: number;
  limit: number;
  total: number;
  /** More match than `total` (a filtered count stops early). */
  capped: boolean;
  rows: OrderListRow[];
}

const kindLabel = kindPlural;

/** The orders of one kind: kind tabs from the registry, the filter form, the table, the pager. */
export function ordersListHtml(v: OrdersListView): Html {
  const f = v.filters;
  const href = (page: number) => `${D}/orders${query({ kind: v.kind.name, ...f, page })}`;
  return html`
<nav class="tabs" aria-label="Order kinds"><ul>${v.kinds.map(
    (k) =>
      html`<li><a href="${D}/orders${query({ kind: k.name })}"${k === v.kind ? html` aria-current="page"` : ''}>${kindLabel(k.name)}</a></li>`,
  )}</ul></nav>
<p><a class="button" href="${D}/orders/new${query({ kind: v.kind.name })}">New ${v.kind.name.replaceAll('_', ' ')}</a></p>
<form method="get" action="${D}/orders" class="filters" role="search" aria-label="Filter orders">
  <input type="hidden" name="kind" value="${v.kind.name}">
  <div class="field"><label for="status">Status</label>
    <select id="status" name="status"><option value="">Any</option>${ORDER_STATUSES.map(
      (s) =>
        html`<option value="${s}"${s === f.status ? html` selected` : ''}>${s.replaceAll('_', ' ')}</option>`,
    )}</select></div>
  <div class="field"><label for="from">Created from</label><input id="from" name="from" type="date" value="${f.from}"></div>
  <div class="field"><label for="to">Created to</label><input id="to" name="to" type="date" value="${f.to}"></div>
  <div class="field grow"><label for="q">Search</label><input id="q" name="q" type="search" value="${f.q}" placeholder="name, city, description, id…"></div>
  <button type="submit">Filter</button>
</form>
<p class="count" role="status">${
    v.capped
      ? `More than ${v.total.toLocaleString('en-US')} orders`
      : v.total === 1
        ? '1 order'
        : `${v.total.toLocaleString('en-US')} orders`
  }</p>
${
  v.rows.length === 0
    ? html`<p class="empty">No ${kindLabel(v.kind.name)} match.</p>`
    : html`<div class="table-wrap"><table>
  <caption class="visually-hidden">${kindLabel(v.kind.name)}</caption>
  <thead><tr><th scope="col">Order</th><th scope="col">To</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Description</th></tr></thead>
  <tbody>${v.rows.map(
    (r) => html`<tr>
    <td><a href="${D}/orders/${r.id}">${r.id}</a></td>
    <td>${contactLabel(r.to)}</td>
    <td>${statusBadge(r.status)}${r.hasPdf ? '' : r.status === 'ready' ? html` <span class="muted">(PDF pending)</span>` : ''}</td>
    <td>${when(r.createdAt)}</td>
    <td>${r.description ?? ''}</td>
  </tr>`,
  )}</tbody></table></div>`
}
${pager(v.total, v.page, v.limit, href, v.capped)}`;
}
