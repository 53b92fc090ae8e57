import type { FastifyReply } from 'fastify';
import { notFound } from '../platform/errors.js';
import type { BlobStore } from '../storage/blob-store.js';

/** Streams a stored file to a signed-in page (never cached: it belongs to one organization or the operator). */
export async function sendBlob(
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  file: { type: string; name: string; inline?: boolean },
) {
  const blob = await blobs.stream(key);
  if (!blob) throw notFound('file', file.name);
  return reply
    .type(file.type)
    .header('content-length', String(blob.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${file.name}"`)
    .send(blob.stream);
}
