import type { PrintBatch } from '../../../api/print-mail/orders/print-batches.repo.js';
import { when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { csrfField, postButton } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import type { OrganizationRow } from './operator.repo.js';

const D = DASHBOARD_PATH;

/** Every organization, each with a button to look at it (`current`: the one looked at now). */
export function organizationsHtml(orgs: OrganizationRow[], current: string | null, csrf: string): Html {
  return html`<p>Pick the organization to look at; the test/live switch then works for it as for its own users.</p>
<div class="table-wrap"><table><caption class="visually-hidden">Organizations</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Parent</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Open</span></th></tr></thead>
<tbody>${orgs.map(
    (
      o,
    ) => html`<tr><td>${o.name}${o.disabledAt ? html` <span class="muted">(disabled)</span>` : ''}</td><td>${o.parentName ?? ''}</td><td>${when(o.createdAt)}</td>
  <td>${o.id === current ? 'Open now' : postButton(csrf, `${D}/organizations`, `Open ${o.name}`, { fields: { orgId: o.id } })}</td></tr>`,
  )}</tbody></table></div>`;
}

/** The print batches, newest first, with their files and the hand-over form of each not yet handed over. */
export function printBatchesHtml(batches: PrintBatch[], csrf: string): Html {
  return html`<p>Live orders in printing, grouped by press setup. Download the combined PDF and its manifest for the print shop; mark the batch handed over when the carrier has it (its orders become processed for delivery).</p>
${
  batches.length === 0
    ? html`<p class="empty">No print batches yet.</p>`
    : html`<div class="table-wrap"><table><caption class="visually-hidden">Print batches, newest first</caption>
<thead><tr><th scope="col">Batch</th><th scope="col">Setup</th><th scope="col">Orders</th><th scope="col">Files</th><th scope="col">State</th></tr></thead>
<tbody>${batches.map(
        (b) => html`<tr><td>${b.id}<br><small class="muted">${when(b.createdAt)}</small></td>
  <td>${b.orderKind} ${b.size}, ${b.color ? 'colour' : 'black and white'}, ${b.doubleSided ? 'double-sided' : 'single-sided'}, ${b.mailingClass}</td>
  <td>${b.orderCount} orders, ${b.pageCount} pages</td>
  <td><a href="${D}/print-batches/${b.id}/pdf">PDF</a> · <a href="${D}/print-batches/${b.id}/manifest.csv">manifest (CSV)</a> · <a href="${D}/print-batches/${b.id}/manifest.json">JSON</a></td>
  <td>${b.status === 'handed_over' ? html`handed over ${when(b.handedOverAt)}` : handOverForm(csrf, b.id)}</td></tr>`,
      )}</tbody></table></div>`
}`;
}

/** Mark a batch handed over, giving the filled manifest (tracking numbers) with it if the shop has one. */
const handOverForm = (csrf: string, id: string) =>
  html`<form method="post" action="${D}/print-batches/${id}/handed-over" enctype="multipart/form-data" class="inline">${csrfField(csrf)}
<label>Filled manifest (tracking numbers, optional) <input type="file" name="tracking" accept=".csv,text/csv"></label>
<button type="submit">Mark handed over</button></form>`;
