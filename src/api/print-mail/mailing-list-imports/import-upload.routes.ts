import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { receiveCsvUploads } from '../../../platform/csv/csv-upload.js';
import type { AppDeps } from '../../deps.js';
import { documentRoutes } from '../documents/document-routes.js';
import { mailingListImportResource } from './import.resource.js';

export const IMPORT_FILE_LIMITS = Object.freeze({
  /** Largest CSV an import takes (about 2.5 million typical contact rows). */
  maxBytes: 256 * 1024 * 1024,
  /** Deadline for fetching a CSV given as a URL, the whole body included. */
  fetchTimeoutMs: 120_000,
});

/**
 * `/mailing_list_imports`: the document routes, with the create's `file` (a multipart part
 * or an http(s) URL) received into the blob store first (platform/csv/csv-upload.ts).
 */
export const mailingListImportRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  receiveCsvUploads(app, deps.blobs, {
    folder: 'mailing-list-imports',
    maxBytes: IMPORT_FILE_LIMITS.maxBytes,
    takenBy: 'an import',
    isCreate: (request: FastifyRequest) =>
      request.method === 'POST' && (request.routeOptions.url ?? '').endsWith(mailingListImportResource.path),
    // A mapping sent as one JSON field (`-F 'receiverAddressMapping={"firstName":"Name"}'`).
    isJsonField: (name) => name.endsWith('Mapping'),
    fetch: { allowPrivate: deps.config.allowPrivateUrls, timeoutMs: IMPORT_FILE_LIMITS.fetchTimeoutMs },
  });
  await app.register(documentRoutes(mailingListImportResource), { deps });
};
