import { checkBody } from '../../../platform/request-schema.js';
import { profileOrderInput } from '../order-profiles/profile-order-input.js';
import type { OrderCreateBase } from '../orders/order-base.schema.js';
import type { OrderKind } from '../orders/order-kind.js';
import type { Campaign } from './campaign.schema.js';

/**
 * The create request of a campaign's order for one contact: the profile's settings and
 * content, the contact as `to`, its own sender as `from` (a list member's, from its import)
 * or else the campaign's `defaultSenderContact`, and the campaign's send date, checked
 * against the kind's create schema with its defaults filled in, as the HTTP route does, so a
 * campaign's order is exactly the order a client would have created.
 */
export function campaignOrderInput(
  campaign: Campaign,
  kind: OrderKind,
  profile: Record<string, unknown>,
  contact: { id: string; senderId?: string | null; metadata?: Record<string, unknown> },
): OrderCreateBase {
  const from = contact.senderId ?? campaign.defaultSenderContact;
  const body = profileOrderInput(kind, profile, { to: contact.id, ...(from ? { from } : {}) });
  if (campaign.sendDate) body.sendDate = campaign.sendDate;
  // A cheque's amount is the contact's own: its `amount` metadata (cents), as an import maps it.
  if (kind.name === 'cheque' && contact.metadata?.amount !== undefined) body.amount = contact.metadata.amount;
  return checkBody<OrderCreateBase>(kind.schemas.create, body);
}
