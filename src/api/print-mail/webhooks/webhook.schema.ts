import { type Static, Type } from '@sinclair/typebox';
import {
  deletedSchema,
  documentSchema,
  ENVELOPE_CREATE,
  ENVELOPE_UPDATE,
} from '../documents/document-envelope.js';

export const PAYLOAD_FORMATS = ['jwt', 'json'] as const;
export type PayloadFormat = (typeof PAYLOAD_FORMATS)[number];

// A plain `enum` (not a union of literals) so a bad value is reported as "must be one of: jwt, json".
const PayloadFormatSchema = Type.Unsafe<PayloadFormat>({
  type: 'string',
  enum: [...PAYLOAD_FORMATS],
  description: '`jwt` (default): the body is an HS256 JWT. `json`: the event JSON plus a signature header.',
});
const Url = Type.String({ maxLength: 2048, description: 'http(s) URL that receives the events.' });
const EnabledEvents = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 100,
  description: 'Event types to deliver, e.g. `letter.created`.',
});
const Secret = Type.String({ maxLength: 200, description: 'At least 20 characters; generated when absent.' });

export const WebhookCreate = Type.Object({
  url: Url,
  enabledEvents: EnabledEvents,
  enabled: Type.Optional(Type.Boolean({ default: true })),
  ...ENVELOPE_CREATE,
  payloadFormat: Type.Optional(PayloadFormatSchema),
  secret: Type.Optional(Secret),
});
export type WebhookCreate = Static<typeof WebhookCreate>;

/** Update is `POST /webhooks/{id}`; `null` removes description or metadata (`removable`: why its schema is what it is). */
export const WebhookUpdate = Type.Object({
  url: Type.Optional(Url),
  enabledEvents: Type.Optional(EnabledEvents),
  enabled: Type.Optional(Type.Boolean()),
  ...ENVELOPE_UPDATE,
  payloadFormat: Type.Optional(PayloadFormatSchema),
  secret: Type.Optional(Secret),
});
export type WebhookUpdate = Static<typeof WebhookUpdate>;

export const Webhook = documentSchema('webhook', {
  url: Type.String(),
  enabledEvents: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  payloadFormat: PayloadFormatSchema,
  secret: Type.String(),
});
export type Webhook = Static<typeof Webhook>;

export const WebhookDeleted = deletedSchema('webhook');

export const WebhookInvocation = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_invocation'),
  webhook: Type.String(),
  event: Type.String(),
  type: Type.String(),
  statusCode: Type.Integer({
    description: 'HTTP status of the answer; 0 when none came (timeout, refused).',
  }),
  orderID: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WebhookInvocation = Static<typeof WebhookInvocation>;
