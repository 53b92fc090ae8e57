import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { ApiError } from '../../../platform/errors.js';
import {
  getMailingListDoc,
  mailingListMemberPage,
  membersWithoutSender,
} from '../mailing-lists/mailing-list-members.repo.js';
import { getOrderProfile } from '../order-profiles/profile-order-input.js';
import { type OrderCreateContext, type PreparedOrder, prepareOrder } from '../orders/order-service.js';
import { type Campaign, PROFILE_FIELDS } from './campaign.schema.js';
import { campaignOrderInput } from './campaign-order-input.js';
import { contactsMetadata } from './campaign-orders.repo.js';
import { profileFieldOf } from './campaign-refs.js';

export type CampaignCheck =
  | { kind: 'wait' }
  /** `first`: the first contact's order, prepared (not written), when nothing stands in the way. */
  | { kind: 'done'; problems: string[]; first?: PreparedOrder };

/**
 * What stands between a drafting campaign and `draft`: its list (ready, not empty), its
 * profile, a sender where the kind needs one (each member's own, else the campaign's
 * default), and an order for its first contact that would be accepted (prepared, not
 * written). `wait` while the list is still being built.
 */
export async function checkCampaign(
  db: Queryable,
  scope: Scope,
  campaign: Campaign,
  orderCtx: OrderCreateContext,
): Promise<CampaignCheck> {
  const problems: string[] = [];
  const list = await getMailingListDoc(db, scope, campaign.mailingList);
  if (!list) problems.push(`The mailing list ${campaign.mailingList} no longer exists.`);
  else if (!isListReady(list)) return { kind: 'wait' };
  const [first] = list ? await mailingListMemberPage(db, scope, campaign.mailingList, null, 1) : [];
  if (list && !first) problems.push(`The mailing list ${campaign.mailingList} has no contacts.`);

  const field = profileFieldOf(campaign);
  const found = field ? await getOrderProfile(db, scope, campaign[field]!) : undefined;
  if (!field) problems.push(`Name a profile: one of ${Object.keys(PROFILE_FIELDS).join(', ')}.`);
  else if (!found) problems.push(`The profile ${campaign[field]} no longer exists.`);
  else if (found.kind.fromRequired && !campaign.defaultSenderContact && first) {
    // Members an import gave a sender send from it; the others need the campaign's.
    const without = await membersWithoutSender(db, campaign.mailingList);
    if (without > 0)
      problems.push(
        `defaultSenderContact is required: every ${found.kind.name.replace('_', ' ')} needs a sender, and ${without} of the list's contacts have none of their own.`,
      );
  }

  if (problems.length === 0 && found && first) {
    try {
      const ids = first.senderId ? [first.contactId, first.senderId] : [first.contactId];
      const metadata = await contactsMetadata(db, scope, ids);
      const contact = {
        id: first.contactId,
        senderId: first.senderId,
        metadata: metadata.get(first.contactId),
        senderMetadata: first.senderId ? metadata.get(first.senderId) : undefined,
      };
      const input = campaignOrderInput(campaign, found.kind, found.profile, contact, orderCtx.now);
      return { kind: 'done', problems, first: await prepareOrder(db, found.kind, input, orderCtx) };
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      problems.push(`The order for contact ${first.contactId} would be refused: ${err.message}`);
    }
  }
  return { kind: 'done', problems };
}

/** A list can be sent once no job is still adding or removing its contacts: `completed`. */
const isListReady = (list: Record<string, unknown>): boolean => list.status === 'completed';
