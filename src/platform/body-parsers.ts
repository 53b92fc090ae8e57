import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { apiError } from './errors.js';

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

export function parseBracketed(input: string | Record<string, unknown>): Record<string, unknown> {
  return qs.parse(input as never, QS_OPTIONS) as Record<string, unknown>;
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
      try {
        done(null, JSON.parse(body));
      } catch (err) {
        done(apiError('validation_error', `body is not valid JSON: ${(err as Error).message}`), undefined);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req: FastifyRequest, body: string, done) => done(null, parseBracketed(body)),
  );

  await app.register(multipart, { limits: { fileSize: bodyLimit, files: 10, fields: 2000, parts: 2010 } });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || readsOwnParts.has(request)) return done();
    readMultipart(request).then(() => done(), done);
  });
}

const readsOwnParts = new WeakSet<FastifyRequest>();

/**
 * Leaves this request's multipart body to its route (called from an onRequest hook): a route
 * that takes a large file streams it where it goes instead of holding it in memory.
 */
export function leaveMultipartToRoute(request: FastifyRequest): void {
  readsOwnParts.add(request);
}

async function readMultipart(request: FastifyRequest): Promise<void> {
  const flat: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      flat[part.fieldname] = { kind: 'upload', filename: part.filename, mimetype: part.mimetype, data };
    } else {
      flat[part.fieldname] = part.value;
    }
  }
  request.body = parseBracketed(flat);
}
