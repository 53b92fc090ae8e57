import { ORDER_KINDS } from '../orders/order-kinds.js';

/**
 * Order kinds the API names (wire-compat.md) that this server does not make as orders of their
 * own: their events are reserved so webhooks can subscribe to them today.
 */
const RESERVED_ORDER_KINDS = ['return_envelope_order'] as const;

/** Every order kind's name, served or reserved: each has `<kind>.created` and `<kind>.updated`. */
const ORDER_EVENT_KINDS: readonly string[] = [...ORDER_KINDS.map((k) => k.name), ...RESERVED_ORDER_KINDS];

type OrderEventType = `${string}.created` | `${string}.updated`;

/** Every event type, in one frozen home (wire-compat.md). */
export const EVENT_TYPES = Object.freeze([
  ...ORDER_EVENT_KINDS.flatMap((kind): OrderEventType[] => [`${kind}.created`, `${kind}.updated`]),
  'tracker.visited',
  'campaign.created',
  'campaign.updated',
  'virtual_mailbox_item.created',
  'postal_statement.created',
  'document.created',
  'document.updated',
] as const);

export type EventType = (typeof EVENT_TYPES)[number];

/** Events about an order (letter, postcard, ...): their invocations carry the order's id as orderID. */
export function isOrderEventType(type: EventType): boolean {
  return ORDER_EVENT_KINDS.includes(type.slice(0, type.lastIndexOf('.')));
}

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
