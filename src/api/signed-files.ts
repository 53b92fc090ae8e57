import type { FastifyInstance } from 'fastify';
import { notFound } from '../platform/errors.js';
import { parseSignedLink, SIGNED_FILES_PATH } from '../platform/signed-url.js';
import { InvalidBlobKeyError } from '../storage/blob-store.js';
import type { AppDeps } from './deps.js';

/**
 * Serves blobs (rendered PDFs, uploads) behind signed, expiring links; no API key, since the
 * links are handed to browsers and print shops. A bad or expired link is a plain 404, and so
 * is a good one spelled otherwise than it was handed out (parseSignedLink).
 */
export function installSignedFiles(app: FastifyInstance, deps: AppDeps): void {
  app.get(`${SIGNED_FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const link = parseSignedLink(request.raw.url ?? '');
    if (!link || !deps.signer.check(link.blobKey, link.expires, link.signature)) throw notFound('file', key);
    // A key the store refuses is a missing file; a store that fails (S3 down) is a 5xx the
    // client may retry, not a 404 that says the file is gone.
    const blob = await deps.blobs.stream(link.blobKey).catch((err) => {
      if (err instanceof InvalidBlobKeyError) return null;
      throw err;
    });
    if (!blob) throw notFound('file', key);
    return reply
      .type(blob.contentType)
      .header('content-length', blob.size)
      .header('cache-control', 'private, max-age=60')
      .send(blob.stream);
  });
}
