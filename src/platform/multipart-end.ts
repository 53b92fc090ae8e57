import type { FastifyRequest } from 'fastify';
import { invalid } from './errors.js';

/**
 * Whether a multipart body arrived whole. busboy, through @fastify/multipart, ends a body whose
 * closing delimiter (`--BOUNDARY--`) never came as if it had (it drops "Unexpected end of
 * multipart data"), so a cut body would be saved as far as its last whole part. The delimiter
 * is looked for in the raw bytes as they are read, beside the parser, which keeps every copy of
 * nothing but a few bytes that straddle two chunks.
 */
export interface MultipartEnd {
  /** Throws a 400 naming the body when it was cut off before its closing delimiter. */
  assertWhole(): void;
  /**
   * The same, for a read that failed: only once the whole HTTP body is in (a cut part fails
   * its reader in ways of its own: busboy's "terminated early", a stream's premature close).
   * A failure before then has a cause of its own, and the caller rethrows it.
   */
  assertWholeIfEnded(): void;
}

/** Call just before the parts are read (the same tick), so the first chunk is seen. */
export function watchMultipartEnd(request: FastifyRequest): MultipartEnd {
  const boundary = boundaryOf(request.headers['content-type'] ?? '');
  const close = Buffer.from(`\r\n--${boundary}--`);
  const opening = Buffer.from(`--${boundary}--`);
  let seen = false;
  let first = true;
  let carry: Buffer = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    if (seen) return;
    const window = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    seen = window.includes(close) || (first && window.subarray(0, opening.length).equals(opening));
    first = first && window.length < opening.length;
    carry = window.subarray(Math.max(0, window.length - close.length + 1));
  };
  request.raw.on('data', onData);
  const assertWhole = () => {
    request.raw.off('data', onData);
    if (!seen) throw cutBody(boundary);
  };
  return {
    assertWhole,
    assertWholeIfEnded: () => {
      if (request.raw.complete) assertWhole();
    },
  };
}

const cutBody = (boundary: string) =>
  invalid('body', `is cut off: the multipart body ends before its closing delimiter (--${boundary}--).`);

function boundaryOf(contentType: string): string {
  const found = contentType.match(/;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return found?.[1] ?? found?.[2] ?? '';
}
