import assert from 'node:assert/strict';
import type { TestServer } from './harness.js';

export const RETURN_ENVELOPES = '/print-mail/v1/return_envelopes';

/** A test-mode return envelope to `to` with `count` envelopes available (ordered, then filled). */
export async function availableEnvelope(
  server: TestServer,
  key: string,
  to: Record<string, unknown>,
  count = 5000,
): Promise<{ id: string; orderId: string }> {
  const envelope = await server.request('POST', RETURN_ENVELOPES, { key, json: { to } });
  assert.equal(envelope.status, 201, envelope.text);
  const { id } = envelope.body;
  const order = await server.request('POST', `${RETURN_ENVELOPES}/${id}/orders`, {
    key,
    json: { quantityOrdered: count },
  });
  assert.equal(order.status, 201, order.text);
  const filled = await server.request('POST', `${RETURN_ENVELOPES}/${id}/orders/${order.body.id}/fills`, {
    key,
  });
  assert.equal(filled.status, 200, filled.text);
  return { id, orderId: order.body.id };
}
