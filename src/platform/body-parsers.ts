import { createHash, randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { apiError, invalid } from './errors.js';
import { assertSafeInput } from './input-check.js';
import { watchMultipartEnd } from './multipart-end.js';

/** An uploaded file as it appears in a request body after parsing multipart. */
export interface UploadedFile {
  kind: 'upload';
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).kind === 'upload';
}

// Bracket keys (`to[firstName]`, `a[]`, `metadata[team]`) nest the way qs reads them; a depth
// and array limit stop a hostile body from making huge structures.
const QS_OPTIONS: qs.IParseOptions = {
  depth: 6,
  arrayLimit: 200,
  parameterLimit: 2000,
  allowPrototypes: false,
};

// A bracket segment naming `__proto__` (`__proto__[x]`, `a[__proto__]`): qs would drop it without a
// word, so it is refused by name like the same key in JSON (input-check.ts).
const namesProto = (key: string) => key.split(/[[\]]+/).some((segment) => segment.trim() === '__proto__');

/**
 * Nests bracket keys and checks the result as input-check.ts does for every body: a 400
 * naming the field, never a value that would reach a handler.
 */
export function parseBracketed(input: string | Record<string, unknown>): Record<string, unknown> {
  let refused: string | undefined;
  const options: qs.IParseOptions = {
    ...QS_OPTIONS,
    decoder: (str, decode, charset, type) => {
      const decoded = decode(str, decode, charset);
      if (type === 'key' && typeof decoded === 'string' && namesProto(decoded)) refused ??= decoded;
      return decoded;
    },
  };
  if (typeof input !== 'string') refused = Object.keys(input).find((key) => namesProto(key));
  const parsed = qs.parse(input as never, options) as Record<string, unknown>;
  if (refused !== undefined) throw invalid(refused, 'is not an accepted field name.');
  assertSafeInput(parsed, 'body');
  return parsed;
}

/**
 * JSON (an empty body is `{}`: clients send a JSON content type on body-less calls),
 * urlencoded with bracket keys, and multipart whose fields nest like urlencoded and whose
 * files become UploadedFile values. Types are coerced by the schema validator afterwards.
 */
export async function installBodyParsers(app: FastifyInstance, bodyLimit: number): Promise<void> {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit },
    (_req: FastifyRequest, body: string, done) => {
      if (body.trim() === '') return done(null, {});
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (err) {
        return done(
          apiError('validation_error', `body is not valid JSON: ${(err as Error).message}`),
          undefined,
        );
      }
      // JSON.parse keeps `"__proto__"` as a plain own key; it is refused here, before the body
      // exists for anything else (as Fastify's own parser does, with the field named).
      try {
        assertSafeInput(parsed, 'body');
      } catch (err) {
        return done(err as Error, undefined);
      }
      done(null, parsed);
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req: FastifyRequest, body: string, done) => {
      try {
        done(null, parseBracketed(body));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );

  await app.register(multipart, { limits: { fileSize: bodyLimit, files: 10, fields: 2000, parts: 2010 } });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    // Before any part is read (busboy throws "Boundary not found" otherwise, a 500), for the
    // routes that read their own parts too.
    if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
      return done(apiError('validation_error', MISSING_BOUNDARY));
    if (readsOwnParts.has(request)) return done();
    readMultipart(request).then(() => done(), done);
  });
}

const MISSING_BOUNDARY =
  'Content-Type multipart/form-data needs a boundary parameter (multipart/form-data; boundary=...).';

const readsOwnParts = new WeakSet<FastifyRequest>();

/**
 * Leaves this request's multipart body to its route (called from an onRequest hook): a route
 * that takes a large file streams it where it goes instead of holding it in memory.
 */
export function leaveMultipartToRoute(request: FastifyRequest): void {
  readsOwnParts.add(request);
}

async function readMultipart(request: FastifyRequest): Promise<void> {
  const flat: Record<string, unknown> = Object.create(null); // field names are the client's
  // qs walks every object it is given, a Buffer's every byte included (24 s for a 15 MB PDF,
  // the event loop held throughout), so it nests a token in each file's place and the file
  // goes where its token lands. The nonce keeps a text field from posing as a file.
  const files = new Map<string, UploadedFile>();
  const nonce = randomBytes(9).toString('base64url');
  const end = watchMultipartEnd(request);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const token = `\u0001upload ${nonce} ${files.size}`;
        files.set(token, uploadedFile(part.filename, part.mimetype, data));
        flat[part.fieldname] = token;
      } else {
        flat[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    end.assertWholeIfEnded();
    throw err;
  }
  end.assertWhole();
  request.body = withFiles(parseBracketed(flat), files);
}

/**
 * An upload, which JSON (an Idempotency-Key's fingerprint of the body, a log line) sees as its
 * name and SHA-256: a Buffer's own JSON is an array of its every byte (for a 15 MB PDF, 1.3 s
 * of CPU and some 350 MB of memory more per create). Not enumerable, so nothing that copies
 * the file's fields carries it.
 */
function uploadedFile(filename: string, mimetype: string, data: Buffer): UploadedFile {
  const file: UploadedFile = { kind: 'upload', filename, mimetype, data };
  const toJSON = () => ({ upload: filename, sha256: createHash('sha256').update(data).digest('hex') });
  return Object.defineProperty(file, 'toJSON', { value: toJSON, enumerable: false });
}

/** The parsed fields with each file's token replaced by the file (qs nests at most 6 deep). */
function withFiles<T>(value: T, files: Map<string, UploadedFile>): T {
  if (files.size === 0) return value;
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child === 'string' && files.has(child)) node[key] = files.get(child);
      else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return value;
}
