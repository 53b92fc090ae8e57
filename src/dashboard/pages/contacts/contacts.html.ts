import type { FastifyReply } from 'fastify';
import { addressBlock, contactLabel, pager, query, when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { csrfField, csrfToken, postButton } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';

const D = DASHBOARD_PATH;

export function contactsListHtml(
  search: string,
  page: number,
  limit: number,
  total: number,
  contacts: Array<Record<string, any>>,
): Html {
  return html`
<p><a class="button" href="${D}/contacts/new">New contact</a></p>
<form method="get" action="${D}/contacts" class="filters" role="search" aria-label="Search contacts">
  <div class="field grow"><label for="q">Search</label><input id="q" name="q" type="search" value="${search}" placeholder="name, street, city, email…"></div>
  <button type="submit">Search</button>
</form>
<p class="count" role="status">${total === 1 ? '1 contact' : `${total.toLocaleString('en-US')} contacts`}</p>
${
  contacts.length === 0
    ? html`<p class="empty">No contacts match.</p>`
    : html`<div class="table-wrap"><table>
  <caption class="visually-hidden">Contacts</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Address</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
  <tbody>${contacts.map(
    (c) => html`<tr>
    <td><a href="${D}/contacts/${c.id}">${contactLabel(c)}</a></td>
    <td>${[c.addressLine1, c.city, c.provinceOrState, c.postalOrZip].filter(Boolean).join(', ')}</td>
    <td>${c.addressStatus}</td>
    <td>${when(c.createdAt)}</td></tr>`,
  )}</tbody></table></div>`
}
${pager(total, page, limit, (p) => `${D}/contacts${query({ q: search, page: p })}`)}`;
}

const FIELDS: Array<[name: string, label: string, attrs?: Html]> = [
  ['firstName', 'First name', html`autocomplete="given-name"`],
  ['lastName', 'Last name', html`autocomplete="family-name"`],
  ['companyName', 'Company', html`autocomplete="organization"`],
  ['email', 'Email', html`type="email" autocomplete="email"`],
  ['phoneNumber', 'Phone', html`type="tel" autocomplete="tel"`],
  ['addressLine2', 'Address line 2', html`autocomplete="address-line2"`],
  ['city', 'City', html`autocomplete="address-level2"`],
  ['provinceOrState', 'State or province', html`autocomplete="address-level1"`],
  ['postalOrZip', 'ZIP or postal code', html`autocomplete="postal-code"`],
  ['countryCode', 'Country code', html`autocomplete="country" placeholder="US"`],
  ['description', 'Description'],
];

export function contactFormHtml(reply: FastifyReply, sent: Record<string, unknown>, problem?: string): Html {
  const value = (name: string) => (typeof sent[name] === 'string' ? (sent[name] as string) : '');
  return html`
${problem ? html`<p class="error" role="alert" id="form-problem">${problem}</p>` : ''}
<form method="post" action="${D}/contacts/new" class="card form-grid">
  ${csrfField(csrfToken(reply))}
  <p class="hint wide">First name or company, and the street line, are required. The street line may hold the whole address (“90 Canal St, Boston MA 02114”): it is split into fields. In live mode the address is verified.</p>
  <div class="field wide">
    <label for="f-addressLine1">Street address (required)</label>
    <input id="f-addressLine1" name="addressLine1" required value="${value('addressLine1')}" list="address-suggestions"
      autocomplete="off" aria-describedby="address-hint"
      hx-get="${D}/contacts/suggestions" hx-trigger="input changed delay:300ms" hx-target="#address-suggestions" hx-swap="outerHTML">
    <small id="address-hint" class="hint">Suggestions appear as you type when address points have been imported.</small>
    <datalist id="address-suggestions"></datalist>
  </div>
  ${FIELDS.map(
    ([name, label, attrs]) =>
      html`<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" value="${value(name)}" ${attrs ?? ''}></div>`,
  )}
  <div class="wide"><button type="submit">Save contact</button></div>
</form>`;
}

export const suggestionsHtml = (suggestions: string[]): Html =>
  html`<datalist id="address-suggestions">${suggestions.map((s) => html`<option value="${s}"></option>`)}</datalist>`;

export function contactHtml(c: Record<string, any>, csrf: string): Html {
  return html`
<p><a href="${D}/contacts">← All contacts</a> · <a href="${D}/orders/new?kind=letter&amp;to=${c.id}">Send a letter</a></p>
<div class="columns">
<section class="card" aria-labelledby="addr-h"><h2 id="addr-h">Address</h2>${addressBlock(c)}
  <p>Address status: <strong>${c.addressStatus}</strong></p>
  ${c.addressErrors ? html`<p class="muted">${JSON.stringify(c.addressErrors)}</p>` : ''}
</section>
<section class="card" aria-labelledby="det-h"><h2 id="det-h">Details</h2>
<dl class="summary">${Object.entries(c)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => html`<dt>${k}</dt><dd>${/At$/.test(k) ? when(v) : String(v)}</dd>`)}</dl>
</section></div>
<section class="card" aria-labelledby="del-h"><h2 id="del-h">Delete this contact</h2>
  <p class="hint">Orders already made to or from it keep their own copy of the address.</p>
  ${postButton(csrf, `${D}/contacts/${c.id}/delete`, 'Delete contact', { className: 'danger' })}
</section>`;
}
