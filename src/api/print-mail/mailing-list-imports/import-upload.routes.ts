import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { leaveMultipartToRoute, parseBracketed } from '../../../platform/body-parsers.js';
import { apiError, invalid } from '../../../platform/errors.js';
import { assertSafeInput } from '../../../platform/input-check.js';
import { SafeFetchError, safeFetchStream } from '../../../platform/safe-fetch.js';
import type { AppDeps } from '../../deps.js';
import { documentRoutes } from '../documents/document-routes.js';
import { mailingListImportResource } from './import.resource.js';
import { IMPORT_FILE_LIMITS, type ReceivedCsv, receiveCsv } from './received-csv.js';

const NOT_A_FILE = 'must be an http(s) URL of a CSV file, or the CSV file itself as a multipart part.';
const TOO_LARGE = `is larger than an import takes (${IMPORT_FILE_LIMITS.maxBytes / 1024 / 1024} MB).`;

/**
 * `/mailing_list_imports`: the document routes, with the create's file received first and
 * streamed into the blob store, never held whole in memory: a multipart file part as it is
 * read (before the body is validated, since the rest of the body comes with it), or a URL
 * fetched once the body is valid. A file the create does not keep (a 4xx, a replay) is removed.
 */
export const mailingListImportRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const receivedBy = new WeakMap<FastifyRequest, ReceivedCsv>();
  const isCreate = (request: FastifyRequest) =>
    request.method === 'POST' && (request.routeOptions.url ?? '').endsWith(mailingListImportResource.path);

  // Before the body is parsed (so before it is known to be multipart): whatever it is, the
  // shared parser must not buffer this route's file.
  app.addHook('onRequest', async (request) => {
    if (isCreate(request)) leaveMultipartToRoute(request);
  });

  app.addHook('preValidation', async (request) => {
    if (!isCreate(request) || !request.isMultipart()) return;
    const flat: Record<string, unknown> = Object.create(null); // field names are the client's
    let file: ReceivedCsv | undefined;
    for await (const part of request.parts({ limits: { fileSize: IMPORT_FILE_LIMITS.maxBytes } })) {
      if (part.type !== 'file') {
        flat[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file)
        throw invalid(part.fieldname, 'cannot be a file: only `file` is.');
      file = await receive(request, part.file, null);
    }
    const fields = withJsonMappings(parseBracketed(flat));
    assertSafeInput(fields, 'body'); // the mappings sent as JSON text were not checked as they were parsed
    request.body = { ...fields, ...(file ? { file } : {}) };
  });

  app.addHook('preHandler', async (request) => {
    if (!isCreate(request)) return;
    const body = request.body as Record<string, unknown>;
    if (typeof body.file !== 'string') return;
    const url = body.file.trim();
    if (!/^https?:\/\//i.test(url)) throw invalid('file', NOT_A_FILE);
    const fetched = await safeFetchStream(url, {
      allowPrivate: deps.config.allowPrivateUrls,
      maxBytes: IMPORT_FILE_LIMITS.maxBytes,
      timeoutMs: IMPORT_FILE_LIMITS.fetchTimeoutMs,
    }).catch(fetchFailed);
    body.file = await receive(request, fetched.body, url);
  });

  // Before the answer goes out, so a client told 4xx finds no trace of its file.
  app.addHook('onSend', async (request, reply, payload) => {
    const file = receivedBy.get(request);
    const kept = reply.statusCode === 201 && reply.getHeader('idempotent-replayed') !== 'true';
    if (file && !kept) await deps.blobs.delete(file.blobKey).catch(() => false);
    return payload;
  });

  async function receive(request: FastifyRequest, source: AsyncIterable<Uint8Array>, url: string | null) {
    try {
      const file = await receiveCsv(deps.blobs, scopeOf(request), source, url);
      receivedBy.set(request, file);
      return file;
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw apiError('payload_too_large_error', `file ${TOO_LARGE}`);
      return fetchFailed(err);
    }
  }

  await app.register(documentRoutes(mailingListImportResource), { deps });
};

function fetchFailed(err: unknown): never {
  if (err instanceof SafeFetchError) {
    if (err.code === 'too_large') throw apiError('payload_too_large_error', `file ${TOO_LARGE}`);
    throw invalid('file', `could not be fetched: ${err.message}.`);
  }
  throw err;
}

/** A mapping sent as one JSON field (`-F 'receiverAddressMapping={"firstName":"Name"}'`) is read as JSON. */
function withJsonMappings(body: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(body)) {
    if (!name.endsWith('Mapping') || typeof value !== 'string' || !value.trim().startsWith('{')) continue;
    try {
      body[name] = JSON.parse(value);
    } catch {
      throw invalid(name, 'is not valid JSON: send it as JSON or as bracketed fields (name[field]=column).');
    }
  }
  return body;
}
