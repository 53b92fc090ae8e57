import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { apiError, invalid } from '../../../platform/errors.js';
import { getContactDoc } from '../contacts/contacts.repo.js';
import { getMailingListDoc } from '../mailing-lists/mailing-list-members.repo.js';
import { getOrderProfile } from '../order-profiles/profile-order-input.js';
import { type Campaign, PROFILE_FIELDS, type ProfileField } from './campaign.schema.js';

/** The one profile field a campaign names, if any (a 400 when several are named). */
export function profileFieldOf(doc: Partial<Record<ProfileField, unknown>>): ProfileField | undefined {
  const named = (Object.keys(PROFILE_FIELDS) as ProfileField[]).filter((f) => doc[f] != null);
  if (named.length > 1)
    throw invalid(named.join(' and '), 'cannot be combined: a campaign sends one kind of order.');
  return named[0];
}

/**
 * A 422 for a change to a mailing list a campaign is creating its orders from: while it reads
 * the list page by page, the list's members must not change, nor the list go.
 */
export async function refuseWhileSending(db: Queryable, scope: Scope, listId: string, change: string) {
  const sending = await db.query(
    `SELECT id FROM campaigns WHERE org_id = $1 AND live = $2
        AND doc ->> 'mailingList' = $3 AND doc ->> 'status' = 'creating_orders' LIMIT 1`,
    [scope.orgId, scope.live, listId],
  );
  const campaign = sending.rows[0]?.id;
  if (campaign)
    throw apiError(
      'mailing_list_status_error',
      `Mailing list ${listId} cannot be ${change} while campaign ${campaign} is creating its orders from it.`,
    );
}

/**
 * A 400 naming the field when the campaign refers to something the caller does not have: its
 * mailing list, its profile (of the kind its field says), its default sender.
 */
export async function checkCampaignRefs(db: Queryable, scope: Scope, doc: Campaign): Promise<void> {
  if (!(await getMailingListDoc(db, scope, doc.mailingList)))
    throw invalid('mailingList', `refers to mailing list ${doc.mailingList}, which does not exist.`);
  const field = profileFieldOf(doc);
  if (field) {
    const found = await getOrderProfile(db, scope, doc[field]!);
    if (!found) throw invalid(field, `refers to ${doc[field]}, which does not exist.`);
    if (found.kind.name !== PROFILE_FIELDS[field])
      throw invalid(
        field,
        `must be a ${PROFILE_FIELDS[field].replace('_', ' ')} profile; ${doc[field]} is not.`,
      );
  }
  if (doc.defaultSenderContact && !(await getContactDoc(db, scope, doc.defaultSenderContact)))
    throw invalid(
      'defaultSenderContact',
      `refers to contact ${doc.defaultSenderContact}, which does not exist.`,
    );
}
