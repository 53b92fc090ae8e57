import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../../storage/blob-store.js';
import { scopeOf } from '../auth/authenticate.js';
import { leaveMultipartToRoute, parseBracketed } from '../body-parsers.js';
import { apiError, invalid } from '../errors.js';
import { assertSafeInput } from '../input-check.js';
import { watchMultipartEnd } from '../multipart-end.js';
import { SafeFetchError, safeFetchStream } from '../safe-fetch.js';
import { expectedFile, fileValue } from '../supplied-file.js';
import { isReceivedCsv, type ReceivedCsv, receiveCsv } from './received-csv.js';

export interface CsvUploadOptions {
  /** Blob store folder the files are kept in (then the mode). */
  folder: string;
  /** Largest file taken, uploaded or fetched. */
  maxBytes: number;
  /** What the file is, for the message when it is too large ("an import", "a list"). */
  takenBy: string;
  /** The create request whose `file` this is (every other request passes untouched). */
  isCreate(request: FastifyRequest): boolean;
  /** Form fields that may carry a JSON object as text (`-F 'mappings={"line1":"Address"}'`). */
  isJsonField(name: string): boolean;
  /** A `file` given as an http(s) URL is fetched (with these limits); absent: uploads only. */
  fetch?: { allowPrivate: boolean; timeoutMs: number };
}

/**
 * Hooks that receive a create's CSV `file` before its handler runs, streamed into the blob
 * store and never held whole in memory: a multipart file part as it is read (before the body
 * is validated, since the rest of the body comes with it), or a URL fetched once the body is
 * valid; a file sent inline (base64 or a data: URL, within the body limit) is stored from its
 * decoded bytes. The body's `file` becomes a ReceivedCsv. A file the create does not keep (a
 * 4xx, an Idempotency-Key replay) is removed before the answer goes out, so a client told 4xx
 * finds no trace of it.
 */
export function receiveCsvUploads(app: FastifyInstance, blobs: BlobStore, options: CsvUploadOptions): void {
  const receiver = new CsvReceiver(blobs, options);
  // Before the body is parsed (so before it is known to be multipart): whatever it is, the
  // shared parser must not buffer this route's file.
  app.addHook('onRequest', async (request) => {
    if (options.isCreate(request)) leaveMultipartToRoute(request);
  });
  app.addHook('preValidation', async (request) => {
    if (options.isCreate(request) && request.isMultipart()) await receiver.receiveParts(request);
  });
  app.addHook('preHandler', async (request) => {
    if (options.isCreate(request)) await receiver.receiveBodyFile(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await receiver.removeUnkept(request, reply);
    return payload;
  });
}

/** The hooks' work for one route: each request's file, stored, and remembered until the answer. */
class CsvReceiver {
  private readonly receivedBy = new WeakMap<FastifyRequest, ReceivedCsv>();
  private readonly tooLarge: string;
  private readonly rules: { what: string; urls: boolean };

  constructor(
    private readonly blobs: BlobStore,
    private readonly options: CsvUploadOptions,
  ) {
    this.tooLarge = `is larger than ${options.takenBy} takes (${options.maxBytes / 1024 / 1024} MB).`;
    this.rules = { what: 'CSV file', urls: options.fetch !== undefined };
  }

  /** A multipart body: its `file` part stored as it is read, the other parts as the body's fields. */
  async receiveParts(request: FastifyRequest): Promise<void> {
    const flat: Record<string, unknown> = Object.create(null); // field names are the client's
    let file: ReceivedCsv | undefined;
    const end = watchMultipartEnd(request);
    try {
      for await (const part of request.parts({ limits: { fileSize: this.options.maxBytes } })) {
        if (part.type !== 'file') {
          flat[part.fieldname] = part.value;
          continue;
        }
        if (file) throw invalid('file', 'is sent twice: send one file.');
        if (part.fieldname !== 'file') throw invalid(part.fieldname, 'cannot be a file: only `file` is.');
        file = await this.receive(request, uncut(part.file), null);
      }
    } catch (err) {
      end.assertWholeIfEnded();
      throw err;
    }
    end.assertWhole(); // a cut body's file was stored as far as it came: onSend removes it
    const fields = withJsonFields(parseBracketed(flat), this.options.isJsonField);
    assertSafeInput(fields, 'body'); // fields sent as JSON text were not checked as they were parsed
    request.body = { ...fields, ...(file ? { file } : {}) };
  }

  /**
   * A `file` in the body itself (JSON or a form field): a URL fetched as it streams, or the
   * file inline (base64, a data: URL; platform/supplied-file.ts), already in memory as the body.
   */
  async receiveBodyFile(request: FastifyRequest): Promise<void> {
    const { options, tooLarge } = this;
    const body = request.body as Record<string, unknown>;
    if (body.file === undefined || isReceivedCsv(body.file)) return;
    const file = fileValue(body.file, 'file', this.rules);
    if (file.form === 'upload') throw invalid('file', expectedFile(this.rules)); // parts are read above
    if (file.form !== 'url') {
      if (file.bytes.length > options.maxBytes) throw apiError('payload_too_large_error', `file ${tooLarge}`);
      body.file = await this.receive(request, once(file.bytes), null);
      return;
    }
    const fetched = await safeFetchStream(file.url, {
      allowPrivate: options.fetch!.allowPrivate,
      maxBytes: options.maxBytes,
      timeoutMs: options.fetch!.timeoutMs,
    }).catch((err) => this.fetchFailed(err));
    body.file = await this.receive(request, fetched.body, file.url);
  }

  /** The request's file, unless the create kept it (a 201 that is no Idempotency-Key replay). */
  async removeUnkept(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const file = this.receivedBy.get(request);
    const kept = reply.statusCode === 201 && reply.getHeader('idempotent-replayed') !== 'true';
    if (file && !kept) await this.blobs.delete(file.blobKey).catch(() => false);
  }

  private async receive(request: FastifyRequest, source: AsyncIterable<Uint8Array>, url: string | null) {
    try {
      const file = await receiveCsv(this.blobs, this.options.folder, scopeOf(request), source, url);
      this.receivedBy.set(request, file);
      return file;
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw apiError('payload_too_large_error', `file ${this.tooLarge}`);
      return this.fetchFailed(err);
    }
  }

  private fetchFailed(err: unknown): never {
    if (err instanceof SafeFetchError) {
      if (err.code === 'too_large') throw apiError('payload_too_large_error', `file ${this.tooLarge}`);
      throw invalid('file', `could not be fetched: ${err.message}.`);
    }
    throw err;
  }
}

/**
 * A file part's bytes, failing as too large when it was cut off at the size limit: busboy ends
 * a cut part as if it were whole, and only says so in `truncated`. The failure comes at the
 * end of the bytes, before the CSV reader would read a cut last row as a whole one (or an
 * unclosed quote as a bad file).
 */
async function* uncut(file: AsyncIterable<Uint8Array> & { truncated: boolean }): AsyncGenerator<Uint8Array> {
  for await (const chunk of file) yield chunk;
  if (file.truncated)
    throw Object.assign(new Error('the file part was cut off'), { code: 'FST_REQ_FILE_TOO_LARGE' });
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** A field sent as JSON text is read as JSON. */
function withJsonFields(
  body: Record<string, unknown>,
  isJsonField: (name: string) => boolean,
): Record<string, unknown> {
  for (const [name, value] of Object.entries(body)) {
    if (!isJsonField(name) || typeof value !== 'string' || !value.trim().startsWith('{')) continue;
    try {
      body[name] = JSON.parse(value);
    } catch {
      throw invalid(name, 'is not valid JSON: send it as JSON or as bracketed fields (name[field]=column).');
    }
  }
  return body;
}
