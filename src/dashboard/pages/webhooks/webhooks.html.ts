import type { Webhook, WebhookInvocation } from '../../../api/print-mail/webhooks/webhook.schema.js';
import { when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { csrfField, postButton } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';

const D = DASHBOARD_PATH;

export function webhooksListHtml(webhooks: Webhook[], form: Html): Html {
  return html`
${
  webhooks.length === 0
    ? html`<p class="empty">No webhooks yet.</p>`
    : html`<div class="table-wrap"><table>
  <caption class="visually-hidden">Webhooks</caption>
  <thead><tr><th scope="col">Webhook</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th></tr></thead>
  <tbody>${webhooks.map(
    (w) => html`<tr><td><a href="${D}/webhooks/${w.id}">${w.description ?? w.id}</a></td><td>${w.url}</td>
      <td>${w.enabledEvents.join(', ')}</td><td>${w.enabled ? 'enabled' : 'disabled'}</td></tr>`,
  )}</tbody></table></div>`
}
${form}`;
}

export function webhookFormHtml(
  csrf: string,
  types: readonly string[],
  sent: Record<string, unknown>,
  problem?: string,
): Html {
  const text = (name: string) => (typeof sent[name] === 'string' ? (sent[name] as string) : '');
  const ticked = new Set(([] as unknown[]).concat(sent.enabledEvents ?? []));
  return html`<form method="post" action="${D}/webhooks" class="card" aria-labelledby="new-webhook-h"${problem ? html` aria-describedby="form-problem"` : ''}>
  <h2 id="new-webhook-h">New webhook</h2>
  ${problem ? html`<p class="error" role="alert" id="form-problem">${problem}</p>` : ''}
  ${csrfField(csrf)}
  <div class="field"><label for="url">URL</label><input id="url" name="url" type="url" required value="${text('url')}" placeholder="https://example.com/hooks/postroom"></div>
  <div class="field"><label for="description">Description</label><input id="description" name="description" type="text" value="${text('description')}"></div>
  <div class="field"><label for="payloadFormat">Payload format</label><select id="payloadFormat" name="payloadFormat"><option value="jwt">jwt (signed JWT body)</option><option value="json"${text('payloadFormat') === 'json' ? html` selected` : ''}>json (+ signature header)</option></select></div>
  <fieldset class="field"><legend>Events</legend>
    ${types.map(
      (t) =>
        html`<label class="check"><input type="checkbox" name="enabledEvents" value="${t}"${ticked.has(t) ? html` checked` : ''}> ${t}</label>`,
    )}
  </fieldset>
  <button type="submit">Create webhook</button>
</form>`;
}

export function webhookHtml(w: Webhook, invocations: WebhookInvocation[], csrf: string): Html {
  return html`
<p><a href="${D}/webhooks">← All webhooks</a></p>
<section class="card" aria-labelledby="wh-h">
  <h2 id="wh-h">${w.enabled ? 'Enabled' : 'Disabled'}</h2>
  <dl class="summary"><dt>URL</dt><dd>${w.url}</dd><dt>Events</dt><dd>${w.enabledEvents.join(', ')}</dd>
    <dt>Payload</dt><dd>${w.payloadFormat}</dd><dt>Created</dt><dd>${when(w.createdAt)}</dd>
    <dt>Secret</dt><dd><details><summary>Show the signing secret</summary><code>${w.secret}</code></details></dd></dl>
  <div class="actions">${postButton(csrf, `${D}/webhooks/${w.id}/enabled`, w.enabled ? 'Disable' : 'Enable', {
    fields: { enabled: String(!w.enabled) },
    className: w.enabled ? 'secondary' : '',
  })}</div>
</section>
<section class="card" aria-labelledby="inv-h">
  <h2 id="inv-h">Invocations</h2>
  ${
    invocations.length === 0
      ? html`<p class="empty">No deliveries yet.</p>`
      : html`<div class="table-wrap"><table>
  <caption class="visually-hidden">Delivery attempts, newest first</caption>
  <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Status code</th><th scope="col">Order</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${invocations.map(
    (i) => html`<tr class="invocation ${i.statusCode >= 200 && i.statusCode < 300 ? 'ok' : 'failed'}">
    <td>${when(i.createdAt)}</td><td><a href="${D}/events/${i.event}">${i.type}</a></td>
    <td><span class="status ${i.statusCode >= 200 && i.statusCode < 300 ? 'status-completed' : 'status-failed'}" data-status-code="${i.statusCode}">${i.statusCode === 0 ? 'no answer' : i.statusCode}</span></td>
    <td>${i.orderID ? html`<a href="${D}/orders/${i.orderID}">${i.orderID}</a>` : ''}</td>
    <td>${postButton(csrf, `${D}/webhooks/${w.id}/resend`, 'Resend', { fields: { event: i.event }, className: 'secondary' })}</td>
  </tr>`,
  )}</tbody></table></div>`
  }
</section>
`;
}
