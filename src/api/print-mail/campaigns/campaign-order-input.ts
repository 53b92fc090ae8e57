import { checkBody } from '../../../platform/request-schema.js';
import { profileKindFor } from '../order-profiles/profile-kinds.js';
import { profileOrderInput } from '../order-profiles/profile-order-input.js';
import type { OrderCreateBase } from '../orders/order-base.schema.js';
import type { OrderKind } from '../orders/order-kind.js';
import { scheduleSendDate } from '../orders/send-date.js';
import type { Campaign } from './campaign.schema.js';

/**
 * The create request of a campaign's order for one contact: the profile's settings and
 * content, the contact as `to`, its own sender as `from` (a list member's, from its import)
 * or else the campaign's `defaultSenderContact`, and the campaign's send date, checked
 * against the kind's create schema with its defaults filled in, as the HTTP route does, so a
 * campaign's order is exactly the order a client would have created.
 *
 * A send date whose day has passed by `now` is left out, so the order goes at once: a send
 * that runs past midnight in New York (a large list, a queue delay, a retry) would otherwise
 * have every order after midnight refused, and a draft's check would refuse the date the
 * send itself is asked to set again (the send checks the date it is given).
 */
export function campaignOrderInput(
  campaign: Campaign,
  kind: OrderKind,
  profile: Record<string, unknown>,
  contact: CampaignContact,
  now: Date,
): OrderCreateBase {
  const from = contact.senderId ?? campaign.defaultSenderContact;
  const body = profileOrderInput(kind, profile, { to: contact.id, ...(from ? { from } : {}) });
  const mergeVariables = contactMergeVariables(body.mergeVariables, contact);
  if (mergeVariables) body.mergeVariables = mergeVariables;
  if (campaign.sendDate && stillAhead(campaign.sendDate, now)) body.sendDate = campaign.sendDate;
  profileKindFor(kind)?.campaignInput?.(body, contact);
  return checkBody<OrderCreateBase>(kind.schemas.create, body);
}

/** A list member as its order needs it: the contact, its own sender, and both their metadata. */
export interface CampaignContact {
  id: string;
  senderId?: string | null;
  metadata?: Record<string, unknown>;
  senderMetadata?: Record<string, unknown>;
}

/**
 * The order's merge variables: the profile's, then the sender's own values, then the
 * recipient's, each under its own name (`{{coupon}}`). An import's merge-variable mappings
 * store a row's values as its contacts' metadata, so this is how each order of a campaign
 * carries its own contact's values; the contact's value wins over the profile's, which is
 * the default for every order (docs/decisions.md). Undefined when there is nothing to merge.
 */
export function contactMergeVariables(
  profileVariables: unknown,
  contact: Pick<CampaignContact, 'metadata' | 'senderMetadata'>,
): Record<string, unknown> | undefined {
  const base = profileVariables && typeof profileVariables === 'object' ? profileVariables : {};
  const merged = { ...base, ...contact.senderMetadata, ...contact.metadata };
  return Object.keys(merged).length ? merged : undefined;
}

/** Whether a stored send date is today or later in New York, read as an order's would be. */
function stillAhead(sendDate: string, now: Date): boolean {
  try {
    scheduleSendDate(sendDate, now);
    return true;
  } catch {
    return false;
  }
}
