import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { invalid } from '../../../platform/errors.js';
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
