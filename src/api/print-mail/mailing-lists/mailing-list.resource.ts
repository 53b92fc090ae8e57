import { lockDoc } from '../../../db/resources.repo.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { refuseWhileSending } from '../campaigns/campaign-refs.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { MailingList, MailingListCreate, MailingListUpdate } from './mailing-list.schema.js';
import { LISTS_TABLE } from './mailing-list-members.repo.js';

/**
 * Mailing lists: a set of the caller's contacts, changed by jobs (`POST /mailing_lists/{id}/jobs`,
 * mailing-list-jobs.routes.ts) and read by campaigns (mailing-list-members.repo.ts). The doc's
 * `contactCount` is kept by the members table's trigger (migration 0036), so every change of
 * members, a contact's delete included, counts in the statement that makes it.
 */
export const mailingListResource: DocumentResource<MailingList, MailingListCreate, MailingListUpdate> = {
  object: 'mailing_list',
  table: LISTS_TABLE,
  path: '/mailing_lists',
  tag: 'Mailing lists',
  schemas: { create: MailingListCreate, update: MailingListUpdate, stored: MailingList },

  create(input, { scope, now }) {
    checkMetadata(input.metadata);
    return newDocument('mailing_list', ID_PREFIX.mailingList, { scope, now }, input, {
      status: 'completed',
      contactCount: 0,
    });
  },

  update(current, input, { now }) {
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    applyRemovableFields(doc, input, ['description', 'metadata']);
    doc.updatedAt = now.toISOString();
    return doc as MailingList;
  },

  searchText: (doc) => searchTextOf({ id: doc.id, d: doc.description, m: doc.metadata }),

  // A campaign reads its list page by page while it creates its orders. The list is locked
  // first, as a send locks it, so a delete and a send of a campaign using it go one at a time.
  async beforeDelete(db, scope, id) {
    await lockDoc(db, LISTS_TABLE, scope, id);
    await refuseWhileSending(db, scope, id, 'deleted');
  },
};
