import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { ContactRef, oneOf } from '../orders/order-base.schema.js';

export const ReturnEnvelopeCreate = Type.Object({
  to: ContactRef,
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  metadata: Type.Optional(Metadata),
});
export type ReturnEnvelopeCreate = Static<typeof ReturnEnvelopeCreate>;

export const ReturnEnvelope = Type.Object({
  id: Type.String(),
  object: Type.Literal('return_envelope'),
  live: Type.Boolean(),
  to: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The contact the envelopes come back to, copied in (no object, live or timestamps).',
  }),
  available: Type.Integer({ description: 'Envelopes ready to go out with letters.' }),
  description: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ReturnEnvelope = Static<typeof ReturnEnvelope>;

/** The hosted service prints return envelopes in runs of at least this many. */
export const MIN_ENVELOPE_ORDER = 5000;
export const MAX_ENVELOPE_ORDER = 1_000_000;

export const ReturnEnvelopeOrderCreate = Type.Object({
  quantityOrdered: Type.Integer({ minimum: MIN_ENVELOPE_ORDER, maximum: MAX_ENVELOPE_ORDER }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  metadata: Type.Optional(Metadata),
});
export type ReturnEnvelopeOrderCreate = Static<typeof ReturnEnvelopeOrderCreate>;

export const ENVELOPE_ORDER_STATUSES = ['placed', 'filled', 'cancelled'] as const;

export const ReturnEnvelopeOrder = Type.Object({
  id: Type.String(),
  object: Type.Literal('return_envelope_order'),
  live: Type.Boolean(),
  returnEnvelope: Type.Unknown({
    description: 'Its envelope id, or the envelope with expand[]=returnEnvelope.',
  }),
  status: oneOf(ENVELOPE_ORDER_STATUSES),
  quantityOrdered: Type.Integer(),
  quantityFilled: Type.Optional(Type.Integer()),
  description: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ReturnEnvelopeOrder = Static<typeof ReturnEnvelopeOrder>;
