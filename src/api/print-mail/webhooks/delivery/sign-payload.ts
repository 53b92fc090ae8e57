import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { EventDoc } from '../../events/record-event.js';
import type { PayloadFormat } from '../webhook.schema.js';

export interface SignedPayload {
  body: string;
  headers: Record<string, string>;
}

/** The JSON format's header value: `t=<unix ms>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(secret: string, body: string, timestampMs: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('hex');
  return `t=${timestampMs},v1=${digest}`;
}

/**
 * The HTTP body and headers for one delivery. `jwt`: a compact HS256 JWT with claims
 * {type, data, iat}, plus `jti` = the event id so receivers can de-duplicate. `json`: the event
 * itself, signed in a header sent under the spec's name and the hosted service's name.
 */
export async function signPayload(
  event: EventDoc,
  format: PayloadFormat,
  secret: string,
  now: Date,
): Promise<SignedPayload> {
  const common = { 'user-agent': 'Postroom-Webhooks/0.1', 'postroom-event-id': event.id };
  if (format === 'jwt') {
    const body = await new SignJWT({ type: event.type, data: event.data })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setJti(event.id)
      .sign(new TextEncoder().encode(secret));
    return { body, headers: { ...common, 'content-type': 'application/jwt' } };
  }
  const body = JSON.stringify(event);
  const signature = signatureHeader(secret, body, now.getTime());
  return {
    body,
    headers: {
      ...common,
      'content-type': 'application/json',
      'service-signature': signature,
      'postgrid-signature': signature,
    },
  };
}
