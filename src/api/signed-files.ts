import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../platform/errors.js';
import { SIGNED_FILES_PATH } from '../platform/signed-url.js';
import { InvalidBlobKeyError } from '../storage/blob-store.js';
import type { AppDeps } from './deps.js';

const Query = Type.Object({
  expires: Type.String({ maxLength: 20 }),
  signature: Type.String({ maxLength: 100 }),
});

/**
 * Serves blobs (rendered PDFs, uploads) behind signed, expiring links; no API key, since the
 * links are handed to browsers and print shops. A bad or expired link is a plain 404.
 */
export function installSignedFiles(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    `${SIGNED_FILES_PATH}/*`,
    { schema: { hide: true, querystring: Query } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query as { expires: string; signature: string };
      if (!deps.signer.check(key, expires, signature)) throw notFound('file', key);
      // A key the store refuses is a missing file; a store that fails (S3 down) is a 5xx the
      // client may retry, not a 404 that says the file is gone.
      const blob = await deps.blobs.stream(key).catch((err) => {
        if (err instanceof InvalidBlobKeyError) return null;
        throw err;
      });
      if (!blob) throw notFound('file', key);
      return reply
        .type(blob.contentType)
        .header('content-length', blob.size)
        .header('cache-control', 'private, max-age=60')
        .send(blob.stream);
    },
  );
}
