import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { HandOverError, handOverBatch } from '../../../api/print-mail/orders/print-batch-hand-over.js';
import { TrackingFileError } from '../../../api/print-mail/orders/print-batch-tracking.js';
import { listBatches } from '../../../api/print-mail/orders/print-batches.repo.js';
import { getOrganization } from '../../../platform/auth/organizations.repo.js';
import { isUploadedFile } from '../../../platform/body-parsers.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { sendBlob } from '../../blob-download.js';
import { field, formOf, requireOperator } from '../../guard.js';
import { csrfToken, flash, redirect, sendPage } from '../../page.js';
import { updateSession } from '../../session/sessions.repo.js';
import { organizationsHtml, printBatchesHtml } from './operator.html.js';
import { batchFiles, listOrganizations } from './operator.repo.js';

const page = { schema: { hide: true } };

/** A batch's files, each at `/print-batches/{id}/<name>`: where it is kept, its type, its download name. */
const BATCH_FILES = {
  pdf: { key: 'pdfKey', type: 'application/pdf', name: (id: string) => `${id}.pdf` },
  'manifest.csv': { key: 'manifestCsvKey', type: 'text/csv', name: (id: string) => `${id}-manifest.csv` },
  'manifest.json': {
    key: 'manifestJsonKey',
    type: 'application/json',
    name: (id: string) => `${id}-manifest.json`,
  },
} as const;

/**
 * Operator pages (a session opened with POSTROOM_OPERATOR_TOKEN): pick the organization to
 * look at, and run the print hand-off as `postroom print` does (combined PDF, manifest,
 * handed over).
 */
export const operatorPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOperator);
  app.get('/organizations', page, (request, reply) => organizationsPage(deps, request, reply));
  app.post('/organizations', page, (request, reply) => lookAtOrganization(deps, request, reply));
  app.get('/print-batches', page, (request, reply) => printBatchesPage(deps, request, reply));
  for (const file of Object.keys(BATCH_FILES) as (keyof typeof BATCH_FILES)[])
    app.get(`/print-batches/:id/${file}`, page, (request, reply) => batchFile(deps, file, request, reply));
  app.post('/print-batches/:id/handed-over', page, (request, reply) =>
    handOverFromPage(deps, request, reply),
  );
};

async function organizationsPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const orgs = await listOrganizations(deps.pool);
  const csrf = csrfToken(reply);
  return sendPage(request, reply, {
    title: 'Organizations',
    section: 'organizations',
    body: organizationsHtml(orgs, request.dashboard!.orgId, csrf),
  });
}

async function lookAtOrganization(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const orgId = field(formOf(request), 'orgId');
  const org = await getOrganization(deps.pool, orgId);
  if (!org) throw notFound('organization', orgId);
  await updateSession(deps.pool, request.dashboard!.tokenHash, { orgId: org.id });
  flash(request, reply, `Now looking at ${org.name}.`);
  return redirect(reply, '/orders');
}

async function printBatchesPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const batches = await listBatches(deps.pool);
  const csrf = csrfToken(reply);
  return sendPage(request, reply, {
    title: 'Print batches',
    section: 'print-batches',
    body: printBatchesHtml(batches, csrf),
  });
}

async function batchFile(
  deps: AppDeps,
  file: keyof typeof BATCH_FILES,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { id } = request.params as { id: string };
  const batch = await batchFiles(deps.pool, id);
  if (!batch) throw notFound('print batch', id);
  const { key, type, name } = BATCH_FILES[file];
  return sendBlob(reply, deps.blobs, batch[key], { type, name: name(id) });
}

async function handOverFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  try {
    const file = formOf(request).tracking;
    // A file input left empty still sends a part: no name, no bytes.
    const tracking =
      isUploadedFile(file) && (file.filename || file.data.length) ? Readable.from([file.data]) : undefined;
    const done = await handOverBatch(deps.pool, id, { now: deps.clock.now(), signer: deps.signer }, tracking);
    const numbers = tracking ? `, ${done.trackingNumbers} tracking numbers recorded` : '';
    flash(request, reply, `${id}: ${done.moved} orders are now processed for delivery${numbers}.`);
  } catch (err) {
    if (err instanceof HandOverError || err instanceof TrackingFileError)
      throw apiError('validation_error', err.message);
    throw err;
  }
  return redirect(reply, '/print-batches');
}
