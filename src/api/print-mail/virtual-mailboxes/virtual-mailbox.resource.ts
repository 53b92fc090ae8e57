import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { Contact, ContactCreate } from '../contacts/contact.schema.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentContext, DocumentResource } from '../documents/document-resource.js';
import { prepareOrderContacts, saveOrderContacts } from '../orders/order-contact.js';
import { VirtualMailbox, VirtualMailboxCreate } from './virtual-mailbox.schema.js';
import { MAILBOXES_TABLE } from './virtual-mailboxes.repo.js';

const FORWARD_FIELD = 'capabilities.forwardMailTo';

/** The forwarding contact, given by id or inline (created and de-duplicated like POST /contacts). */
async function forwardContact(value: string | ContactCreate, ctx: DocumentContext): Promise<Contact> {
  const contactCtx = {
    scope: ctx.scope,
    orgCountryCode: ctx.orgCountryCode,
    addressing: ctx.deps.addressing,
    now: ctx.now,
    known: ctx.deps.knownContacts,
  };
  const prepared = await prepareOrderContacts(ctx.db, { [FORWARD_FIELD]: value }, contactCtx);
  return (await saveOrderContacts(ctx.db, ctx.scope, prepared))[FORWARD_FIELD];
}

/**
 * Virtual mailboxes: a postal address at the operator's mail room (`/address`, a PMB of its
 * own: the table's column, migration 0041) where the mail room records the mail that arrives
 * as items (mailbox-items.routes.ts, operator routes). A test mailbox is active at once; a
 * live one waits for the mail room to activate it (`postroom mailbox activate`). The hosted
 * API has no update or delete for them, and neither has this one.
 */
export const virtualMailboxResource: DocumentResource<VirtualMailbox, VirtualMailboxCreate> = {
  object: 'virtual_mailbox',
  table: MAILBOXES_TABLE,
  path: '/virtual_mailboxes',
  tag: 'Virtual mailboxes',
  schemas: { create: VirtualMailboxCreate, stored: VirtualMailbox },
  deletable: false,

  async create(input, ctx) {
    if (input.countryCode.trim().toUpperCase() !== 'US')
      throw invalid('countryCode', 'must be US: virtual mailboxes are in the United States only.');
    checkMetadata(input.metadata);
    const forward = input.capabilities?.forwardMailTo;
    return newDocument('virtual_mailbox', ID_PREFIX.virtualMailbox, ctx, input, {
      countryCode: 'US',
      status: ctx.scope.live ? 'pending_assignment' : 'active',
      capabilities: {
        envelopeScans: input.capabilities?.envelopeScans ?? false,
        ...(forward !== undefined ? { forwardMailTo: await forwardContact(forward, ctx) } : {}),
      },
    });
  },

  searchText: (doc) =>
    searchTextOf({
      id: doc.id,
      s: doc.status,
      f: doc.capabilities.forwardMailTo?.id,
      d: doc.description,
      m: doc.metadata,
    }),
};
