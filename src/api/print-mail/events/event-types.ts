import { ORDER_KIND_NAMES } from '../orders/order-kind-names.js';

/**
 * Every event type, in one frozen home (wire-compat.md). Types for order kinds that arrive
 * later are reserved now so webhooks can subscribe to them today.
 */

export const EVENT_TYPES = Object.freeze([
  ...ORDER_KIND_NAMES.flatMap((kind) => [`${kind}.created` as const, `${kind}.updated` as const]),
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
  return (ORDER_KIND_NAMES as readonly string[]).includes(type.slice(0, type.lastIndexOf('.')));
}

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
