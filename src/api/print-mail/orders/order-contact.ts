import type { Queryable } from '../../../db/pool.js';
import { ApiError, apiError, invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import type { Contact, ContactCreate } from '../contacts/contact.schema.js';
import { getContactDoc } from '../contacts/contacts.repo.js';
import { type ContactContext, createContact } from '../contacts/contacts.service.js';

/**
 * `to` / `from` of an order: a contact id, or an inline contact created (and de-duplicated)
 * like POST /contacts. The order keeps a snapshot, so later changes to the contact do not
 * touch it. Errors name the order field: `to.addressLine1 is required.`
 */
export async function resolveOrderContact(
  db: Queryable,
  field: string,
  value: string | ContactCreate,
  ctx: ContactContext,
): Promise<Contact> {
  if (typeof value === 'string') {
    const id = value.trim();
    if (!isId('contact', id)) throw invalid(field, `must be a contact id (contact_...) or a contact object.`);
    const doc = await getContactDoc(db, ctx.scope, id);
    if (!doc) throw invalid(field, `refers to contact ${id}, which does not exist.`);
    return JSON.parse(doc);
  }
  try {
    return await createContact(db, value, ctx);
  } catch (err) {
    if (err instanceof ApiError && err.type === 'validation_error')
      throw apiError('validation_error', `${field}.${err.message}`);
    throw err;
  }
}

/**
 * What an order's contact will look like, without writing anything: the stored contact for an
 * id, the inline fields otherwise. Enough for checks that only need which fields exist.
 */
export async function contactPreview(
  db: Queryable,
  field: string,
  value: string | ContactCreate,
  ctx: ContactContext,
): Promise<Contact> {
  if (typeof value === 'string') return resolveOrderContact(db, field, value, ctx);
  return { ...value, countryCode: value.countryCode ?? ctx.orgCountryCode } as unknown as Contact;
}
