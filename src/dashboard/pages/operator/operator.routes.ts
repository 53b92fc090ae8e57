import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { HandOverError, handOverBatch } from '../../../api/print-mail/orders/print-batch-hand-over.js';
import { TrackingFileError } from '../../../api/print-mail/orders/print-batch-tracking.js';
import { listBatches } from '../../../api/print-mail/orders/print-batches.repo.js';
import { getOrganization } from '../../../platform/auth/organizations.repo.js';
import { isUploadedFile } from '../../../platform/body-parsers.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { sendBlob } from '../../blob-download.js';
import { when } from '../../format.js';
import { field, formOf, requireOperator } from '../../guard.js';
import { html } from '../../html.js';
import { csrfField, csrfToken, flash, postButton, redirect, sendPage } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';
import { updateSession } from '../../session/sessions.repo.js';
import { batchFiles, listOrganizations } from './operator.repo.js';

const D = DASHBOARD_PATH;
const page = { schema: { hide: true } };

/** Mark a batch handed over, giving the filled manifest (tracking numbers) with it if the shop has one. */
const handOverForm = (csrf: string, id: string) =>
  html`<form method="post" action="${D}/print-batches/${id}/handed-over" enctype="multipart/form-data" class="inline">${csrfField(csrf)}
<label>Filled manifest (tracking numbers, optional) <input type="file" name="tracking" accept=".csv,text/csv"></label>
<button type="submit">Mark handed over</button></form>`;

/**
 * Operator pages (a session opened with POSTROOM_OPERATOR_TOKEN): pick the organization to
 * look at, and run the print hand-off as `postroom print` does (combined PDF, manifest,
 * handed over).
 */
export const operatorPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOperator);

  app.get('/organizations', page, async (request, reply) => {
    const orgs = await listOrganizations(deps.pool);
    const csrf = csrfToken(reply);
    const current = request.dashboard!.orgId;
    return sendPage(request, reply, {
      title: 'Organizations',
      section: 'organizations',
      body: html`<p>Pick the organization to look at; the test/live switch then works for it as for its own users.</p>
<div class="table-wrap"><table><caption class="visually-hidden">Organizations</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Parent</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Open</span></th></tr></thead>
<tbody>${orgs.map(
        (
          o,
        ) => html`<tr><td>${o.name}${o.disabledAt ? html` <span class="muted">(disabled)</span>` : ''}</td><td>${o.parentName ?? ''}</td><td>${when(o.createdAt)}</td>
  <td>${o.id === current ? 'Open now' : postButton(csrf, `${D}/organizations`, `Open ${o.name}`, { fields: { orgId: o.id } })}</td></tr>`,
      )}</tbody></table></div>`,
    });
  });

  app.post('/organizations', page, async (request, reply) => {
    const orgId = field(formOf(request), 'orgId');
    const org = await getOrganization(deps.pool, orgId);
    if (!org) throw notFound('organization', orgId);
    await updateSession(deps.pool, request.dashboard!.tokenHash, { orgId: org.id });
    flash(request, reply, `Now looking at ${org.name}.`);
    return redirect(reply, '/orders');
  });

  app.get('/print-batches', page, async (request, reply) => {
    const batches = await listBatches(deps.pool);
    const csrf = csrfToken(reply);
    return sendPage(request, reply, {
      title: 'Print batches',
      section: 'print-batches',
      body: html`<p>Live orders in printing, grouped by press setup. Download the combined PDF and its manifest for the print shop; mark the batch handed over when the carrier has it (its orders become processed for delivery).</p>
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
}`,
    });
  });

  const batchFile = (kind: 'pdf' | 'manifest.csv' | 'manifest.json') =>
    app.get(`/print-batches/:id/${kind}`, page, async (request, reply) => {
      const { id } = request.params as { id: string };
      const batch = await batchFiles(deps.pool, id);
      if (!batch) throw notFound('print batch', id);
      const key =
        kind === 'pdf'
          ? batch.pdfKey
          : kind === 'manifest.csv'
            ? batch.manifestCsvKey
            : batch.manifestJsonKey;
      const type =
        kind === 'pdf' ? 'application/pdf' : kind === 'manifest.csv' ? 'text/csv' : 'application/json';
      return sendBlob(reply, deps.blobs, key, { type, name: kind === 'pdf' ? `${id}.pdf` : `${id}-${kind}` });
    });
  batchFile('pdf');
  batchFile('manifest.csv');
  batchFile('manifest.json');

  app.post('/print-batches/:id/handed-over', page, async (request, reply) => {
    const { id } = request.params as { id: string };
    try {
      const file = formOf(request).tracking;
      // A file input left empty still sends a part: no name, no bytes.
      const tracking =
        isUploadedFile(file) && (file.filename || file.data.length) ? Readable.from([file.data]) : undefined;
      const done = await handOverBatch(
        deps.pool,
        id,
        { now: deps.clock.now(), signer: deps.signer },
        tracking,
      );
      const numbers = tracking ? `, ${done.trackingNumbers} tracking numbers recorded` : '';
      flash(request, reply, `${id}: ${done.moved} orders are now processed for delivery${numbers}.`);
    } catch (err) {
      if (err instanceof HandOverError || err instanceof TrackingFileError)
        throw apiError('validation_error', err.message);
      throw err;
    }
    return redirect(reply, '/print-batches');
  });
};
