import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import { ORDER_STATUSES } from '../../../api/print-mail/orders/order-status.js';
import { contactLabel, kindPlural, pager, query, statusBadge, when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import type { OrderListRow } from './orders-list.repo.js';

const D = DASHBOARD_PATH;

/** The `kind` value of the all-kinds view (also what the page shows when no kind is asked for). */
export const ALL_KINDS = 'all';

export interface OrdersListView {
  kinds: readonly OrderKind[];
  /** The kind shown; undefined: every kind, in one table with a Kind column. */
  kind: OrderKind | undefined;
  /** The filters as typed (the form shows them again). */
  filters: { status: string; from: string; to: string; q: string };
  page: number;
  limit: number;
  total: number;
  /** More match than `total` (a filtered count stops early). */
  capped: boolean;
  /** Each row names its kind; the table shows it when `kind` is undefined. */
  rows: OrderListRow[];
}

const kindLabel = kindPlural;

const current = html` aria-current="page"`;

/** "New letter", or in the all-kinds view a link per kind (the first, letters, as the button). */
function newLinks(v: OrdersListView): Html {
  if (v.kind)
    return html`<p><a class="button" href="${D}/orders/new${query({ kind: v.kind.name })}">New ${v.kind.name.replaceAll('_', ' ')}</a></p>`;
  return html`<p class="actions">${v.kinds.map(
    (k, i) =>
      html`<a class="${i === 0 ? 'button' : 'button secondary'}" href="${D}/orders/new${query({ kind: k.name })}">New ${k.name.replaceAll('_', ' ')}</a>`,
  )}</p>`;
}

/**
 * The orders of one kind, or of every kind (`kind` undefined): kind tabs from the registry,
 * the filter form, the table, the pager.
 */
export function ordersListHtml(v: OrdersListView): Html {
  const f = v.filters;
  const kindValue = v.kind?.name ?? ALL_KINDS;
  const href = (page: number) => `${D}/orders${query({ kind: kindValue, ...f, page })}`;
  const noun = v.kind ? kindLabel(v.kind.name) : 'orders';
  return html`
<nav class="tabs" aria-label="Order kinds"><ul>
  <li><a href="${D}/orders${query({ kind: ALL_KINDS })}"${v.kind ? '' : current}>All kinds</a></li>${v.kinds.map(
    (k) =>
      html`<li><a href="${D}/orders${query({ kind: k.name })}"${k === v.kind ? current : ''}>${kindLabel(k.name)}</a></li>`,
  )}</ul></nav>
${newLinks(v)}
<form method="get" action="${D}/orders" class="filters" role="search" aria-label="Filter orders">
  <input type="hidden" name="kind" value="${kindValue}">
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
    ? html`<p class="empty">No ${noun} match.</p>`
    : html`<div class="table-wrap"><table>
  <caption class="visually-hidden">${v.kind ? noun : 'Orders of every kind'}</caption>
  <thead><tr><th scope="col">Order</th>${v.kind ? '' : html`<th scope="col">Kind</th>`}<th scope="col">To</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Description</th></tr></thead>
  <tbody>${v.rows.map(
    (r) => html`<tr>
    <td><a href="${D}/orders/${r.id}">${r.id}</a></td>
    ${v.kind ? '' : html`<td class="kind">${(r.kind ?? '').replaceAll('_', ' ')}</td>`}
    <td>${contactLabel(r.to)}</td>
    <td>${statusBadge(r.status)}${r.hasPdf ? '' : r.status === 'ready' ? html` <span class="muted">(PDF pending)</span>` : ''}</td>
    <td>${when(r.createdAt)}</td>
    <td>${r.description ?? ''}</td>
  </tr>`,
  )}</tbody></table></div>`
}
${pager(v.total, v.page, v.limit, href, v.capped)}`;
}
