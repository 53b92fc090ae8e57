import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';

/** What a receiver can tell about one delivery: its format, contents and whether the signature holds. */
export interface CheckedDelivery {
  format: 'jwt' | 'json' | 'unknown';
  /** undefined when no secret was given to check against. */
  verified?: boolean;
  type?: string;
  eventId?: string;
  data?: unknown;
  problem?: string;
}

/** Checks `t=<ms>,v1=<hex>` against HMAC-SHA256(secret, "<t>.<raw body>") in constant time. */
export function verifyJsonSignature(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  if (!parts.t || !/^[0-9a-f]{64}$/i.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

/** Reads a delivery as a receiver would, verifying it when a secret is given. */
export async function checkDelivery(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string | undefined,
): Promise<CheckedDelivery> {
  const header = headers['service-signature'] ?? headers['postgrid-signature'];
  if (typeof header === 'string') {
    let event: { id?: string; type?: string; data?: unknown } = {};
    try {
      event = JSON.parse(rawBody);
    } catch {
      return { format: 'json', verified: false, problem: 'body is not JSON' };
    }
    const verified = secret === undefined ? undefined : verifyJsonSignature(secret, header, rawBody);
    return { format: 'json', verified, type: event.type, eventId: event.id, data: event.data };
  }
  const token = rawBody.trim();
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
    return { format: 'unknown', problem: 'neither a JWT nor signed JSON' };
  const claims = decodeJwt(token);
  const seen = {
    format: 'jwt' as const,
    type: claims.type as string,
    eventId: claims.jti,
    data: claims.data,
  };
  if (secret === undefined) return seen;
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return { ...seen, verified: true };
  } catch (err) {
    return { ...seen, verified: false, problem: (err as Error).message };
  }
}
