import type { Dispatcher } from 'undici';
import { checkedAgent, loadUndici } from './checked-agent.js';
import { isPrivateHost } from './private-address.js';
import { findPrivateRefusal, SafeFetchError } from './safe-fetch-error.js';

export { SafeFetchError, type SafeFetchErrorCode } from './safe-fetch-error.js';

export interface SafeFetchOptions {
  /** The operator's POSTROOM_ALLOW_PRIVATE_URLS; false refuses private/loopback/reserved hosts. */
  allowPrivate?: boolean;
  /** Largest body accepted, in bytes (default 10 MB). */
  maxBytes?: number;
  /** Deadline for the whole fetch, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed, each hop checked again like the first (default 3; 0 refuses any). */
  maxRedirects?: number;
  /**
   * Longest wait for headers or for the next piece of the body (default timeoutMs). A long
   * download (an import's source) has a deadline of hours but should not hang on a dead peer.
   */
  idleTimeoutMs?: number;
}

export interface SafeFetchResult {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

const DEFAULTS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };
/** GET a caller-supplied http(s) URL with size, time, redirect and address limits. */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const { maxBytes, timeoutMs } = { ...DEFAULTS, ...options };
  const { res, at } = await open(url, options);
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  const bytes = await readLimited(res.body, url, maxBytes, declared, timeoutMs);
  const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
  return { url: at.href, status: res.statusCode, contentType, bytes };
}

export interface SafeFetchStream extends Omit<SafeFetchResult, 'bytes'> {
  /** The body as it arrives; reading it throws a SafeFetchError past maxBytes or the deadline. */
  body: AsyncIterable<Uint8Array>;
  /** Content-Length, when the server sent one. */
  size?: number;
  /** ETag and Last-Modified, when sent: what a caller compares to know it is the same content. */
  etag?: string;
  lastModified?: string;
}

/**
 * safeFetch for a body too large to hold in memory (an import's CSV): the same checks, and the
 * body handed over as a stream. The deadline covers the whole read, so give a generous one.
 */
export async function safeFetchStream(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchStream> {
  const { maxBytes, timeoutMs } = { ...DEFAULTS, ...options };
  const { res, at } = await open(url, options);
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) {
    discard(res.body);
    throw new SafeFetchError(
      'too_large',
      url,
      `${url} is ${declared} bytes, over the ${maxBytes}-byte limit`,
    );
  }
  const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
  return {
    url: at.href,
    status: res.statusCode,
    contentType,
    body: streamLimited(res.body, url, maxBytes, timeoutMs),
    ...(Number.isFinite(declared) ? { size: declared } : {}),
    ...(res.headers.etag ? { etag: String(res.headers.etag) } : {}),
    ...(res.headers['last-modified'] ? { lastModified: String(res.headers['last-modified']) } : {}),
  };
}

/** Follows redirects (each hop checked like the first) to a 2xx answer whose body is still unread. */
async function open(url: string, options: SafeFetchOptions) {
  const { timeoutMs, maxRedirects } = { ...DEFAULTS, ...options };
  const allowPrivate = options.allowPrivate ?? false;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = checkUrl(url, url, allowPrivate);
  for (let hop = 0; ; hop++) {
    const res = await send(current, allowPrivate, signal, options.idleTimeoutMs ?? timeoutMs);
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      discard(res.body);
      if (hop >= maxRedirects) {
        const why = maxRedirects === 0 ? 'redirects are not followed' : `more than ${maxRedirects} redirects`;
        throw new SafeFetchError('too_many_redirects', url, `${url}: ${why}`);
      }
      current = checkUrl(url, new URL(String(res.headers.location), current).href, allowPrivate);
      continue;
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      discard(res.body);
      throw new SafeFetchError('http_status', url, `${url} answered HTTP ${res.statusCode}`, res.statusCode);
    }
    return { res, at: current };
  }
}

async function* streamLimited(
  body: Dispatcher.ResponseData['body'],
  url: string,
  max: number,
  timeoutMs: number,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  try {
    for await (const chunk of body) {
      total += chunk.length;
      if (total > max) throw new SafeFetchError('too_large', url, `${url} is over the ${max}-byte limit`);
      yield chunk;
    }
  } catch (err) {
    throw translate(err, url, timeoutMs);
  } finally {
    // Left early (a limit, or the reader gave up): the rest is not wanted.
    if (!body.readableEnded) discard(body);
  }
}

function checkUrl(original: string, candidate: string, allowPrivate: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    throw new SafeFetchError('invalid_url', original, `${candidate} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SafeFetchError('invalid_url', original, `${candidate}: only http and https URLs are fetched`);
  }
  // Sockets skip the DNS hook for IP literals, so literals are judged here, and names that
  // mean a private network (localhost., *.local) before anything resolves them.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isPrivateHost(host)) {
    throw new SafeFetchError('private_address', original, `${candidate}: ${host} is a private address`);
  }
  return parsed;
}

async function send(url: URL, allowPrivate: boolean, signal: AbortSignal, timeoutMs: number) {
  try {
    const { request } = await loadUndici();
    return await request(url, {
      method: 'GET',
      dispatcher: await checkedAgent(allowPrivate, 4_000),
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: { 'user-agent': 'Postroom/0.1 (+asset fetch)', accept: '*/*' },
    });
  } catch (err) {
    throw translate(err, url.href, timeoutMs);
  }
}

async function readLimited(
  body: Dispatcher.ResponseData['body'],
  url: string,
  max: number,
  declared: number,
  timeoutMs: number,
) {
  if (declared > max) {
    discard(body);
    throw new SafeFetchError('too_large', url, `${url} is ${declared} bytes, over the ${max}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      total += chunk.length;
      if (total > max) {
        discard(body);
        throw new SafeFetchError('too_large', url, `${url} is over the ${max}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    throw translate(err, url, timeoutMs);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

function translate(err: unknown, url: string, timeoutMs: number): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  const refusal = findPrivateRefusal(err);
  if (refusal) return new SafeFetchError('private_address', url, `${url}: ${refusal.message}`);
  const { name, code } = (err ?? {}) as { name?: string; code?: string };
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new SafeFetchError('timeout', url, `${url} did not answer within ${timeoutMs} ms`);
  }
  const detail = code ?? (err as Error)?.message ?? String(err);
  return new SafeFetchError('network', url, `${url} could not be fetched (${detail})`);
}

/** Stops a body we will not read; destroy() emits 'error', which must not go unhandled. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}
