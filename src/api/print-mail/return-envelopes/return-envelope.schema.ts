import { type Static, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE } from '../documents/document-envelope.js';
import { ContactRef, oneOf } from '../orders/order-base.schema.js';

export const ReturnEnvelopeCreate = Type.Object({
  to: ContactRef,
  ...ENVELOPE_CREATE,
});
export type ReturnEnvelopeCreate = Static<typeof ReturnEnvelopeCreate>;

export const ReturnEnvelope = documentSchema('return_envelope', {
  to: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The contact the envelopes come back to, copied in (no object, live or timestamps).',
  }),
  available: Type.Integer({ description: 'Envelopes ready to go out with letters.' }),
});
export type ReturnEnvelope = Static<typeof ReturnEnvelope>;

/** The hosted service prints return envelopes in runs of at least this many. */
export const MIN_ENVELOPE_ORDER = 5000;
export const MAX_ENVELOPE_ORDER = 1_000_000;

export const ReturnEnvelopeOrderCreate = Type.Object({
  quantityOrdered: Type.Integer({ minimum: MIN_ENVELOPE_ORDER, maximum: MAX_ENVELOPE_ORDER }),
  ...ENVELOPE_CREATE,
});
export type ReturnEnvelopeOrderCreate = Static<typeof ReturnEnvelopeOrderCreate>;

export const ENVELOPE_ORDER_STATUSES = ['placed', 'filled', 'cancelled'] as const;

export const ReturnEnvelopeOrder = documentSchema('return_envelope_order', {
  returnEnvelope: Type.Unknown({
    description: 'Its envelope id, or the envelope with expand[]=returnEnvelope.',
  }),
  status: oneOf(ENVELOPE_ORDER_STATUSES),
  quantityOrdered: Type.Integer(),
  quantityFilled: Type.Optional(Type.Integer()),
});
export type ReturnEnvelopeOrder = Static<typeof ReturnEnvelopeOrder>;
