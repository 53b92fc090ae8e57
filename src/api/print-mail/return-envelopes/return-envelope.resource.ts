import { apiError } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { prepareOrderContacts, saveOrderContacts } from '../orders/order-contact.js';
import { ReturnEnvelope, ReturnEnvelopeCreate } from './return-envelope.schema.js';

/**
 * Return envelopes: pre-addressed envelopes that go out inside letters (`returnEnvelope`) so
 * the recipient can answer at no cost. One per contact (a unique index); `available` starts at
 * 0, grows when an envelope order is filled and shrinks by one per letter that carries one.
 * No update and no delete, as the hosted service has it.
 */
export const returnEnvelopeResource: DocumentResource<ReturnEnvelope, ReturnEnvelopeCreate> = {
  object: 'return_envelope',
  table: 'return_envelopes',
  path: '/return_envelopes',
  tag: 'Return envelopes',
  schemas: { create: ReturnEnvelopeCreate, stored: ReturnEnvelope },
  deletable: false,

  async create(input, { db, scope, orgCountryCode, now, deps }) {
    checkMetadata(input.metadata);
    const ctx = { scope, orgCountryCode, addressing: deps.addressing, now };
    // The contact is saved (de-duplicated) like an order's, in the create's transaction.
    const prepared = await prepareOrderContacts(db, { to: input.to }, ctx);
    const { to } = await saveOrderContacts(db, scope, prepared);
    const { object: _o, live: _l, createdAt: _c, updatedAt: _u, ...contact } = to;
    return newDocument('return_envelope', ID_PREFIX.returnEnvelope, { scope, now }, input, {
      to: contact,
      available: 0,
    });
  },

  conflict: (doc) =>
    apiError(
      'return_envelope_already_exists_error',
      `A return envelope for contact ${(doc.to as { id: string }).id} already exists; order more of it instead.`,
    ),

  searchText: (doc) => searchTextOf({ id: doc.id, to: doc.to, d: doc.description, m: doc.metadata }),
};
