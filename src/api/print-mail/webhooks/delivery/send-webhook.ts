import type { Dispatcher } from 'undici';
import { checkedAgent, loadUndici } from '../../../../platform/checked-agent.js';
import { isPrivateHost } from '../../../../platform/private-address.js';
import { findPrivateRefusal } from '../../../../platform/safe-fetch-error.js';
import type { SignedPayload } from './sign-payload.js';

export const RESPONSE_EXCERPT_BYTES = 1024;

export interface SendResult {
  /** The HTTP status, or 0 when no answer came (timeout, refused address, connection error). */
  statusCode: number;
  error?: string;
  responseExcerpt?: string;
}

/**
 * POSTs one signed payload. Redirects are not followed (undici's request never does), the
 * whole exchange has `timeoutMs`, and only the first KB of the answer is read and kept.
 */
export async function sendWebhook(
  url: string,
  payload: SignedPayload,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<SendResult> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  // Sockets skip the DNS hook for IP literals, so literals are judged here (and private names).
  if (!opts.allowPrivate && isPrivateHost(host))
    return { statusCode: 0, error: `${host} is a private address` };
  try {
    const { request } = await loadUndici();
    const res = await request(url, {
      method: 'POST',
      body: payload.body,
      headers: payload.headers,
      dispatcher: await checkedAgent(opts.allowPrivate, 10_000),
      signal: AbortSignal.timeout(opts.timeoutMs),
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    return { statusCode: res.statusCode, responseExcerpt: await readExcerpt(res.body) };
  } catch (err) {
    const refusal = findPrivateRefusal(err);
    if (refusal) return { statusCode: 0, error: refusal.message };
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError' || /Timeout/.test(String((err as Error)?.name)))
      return { statusCode: 0, error: `no answer within ${opts.timeoutMs} ms` };
    const code = (err as { code?: string })?.code;
    return { statusCode: 0, error: `connection failed (${code ?? (err as Error)?.message ?? String(err)})` };
  }
}

async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_BYTES) break; // leaving the loop destroys the rest of the body
    }
  } catch {
    // an answer cut short still has its status; the excerpt is only for operators
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
}
