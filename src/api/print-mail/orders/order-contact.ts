import type { Pool, Queryable } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
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

/**
 * An order's contacts, resolved before the order is written, in a short transaction of their
 * own (both roll back together when one is invalid). A de-duplicated contact's row is updated,
 * so locked until that transaction ends, and an organization's return address is one row
 * shared by all its orders: inside the order's transaction the lock was held through the whole
 * create and queued every concurrent create of the organization (bench/letters-api.ts).
 *
 * The commit does not wait for the log flush (synchronous_commit off), which is what keeps the
 * lock for a statement rather than a disk write: the order's own commit, which follows and does
 * wait, flushes the log past it, so a contact is durable before any order that refers to it.
 */
export async function resolveOrderContacts<K extends string>(
  pool: Pool,
  refs: Record<K, string | ContactCreate>,
  ctx: ContactContext,
  /** Contacts given by id that the caller has read already. */
  known: Partial<Record<K, Contact>> = {},
): Promise<Record<K, Contact>> {
  const fields = Object.keys(refs) as K[];
  const resolveAll = async (db: Queryable) => {
    const out = {} as Record<K, Contact>;
    for (const field of fields)
      out[field] = known[field] ?? (await resolveOrderContact(db, field, refs[field], ctx));
    return out;
  };
  if (fields.every((f) => typeof refs[f] === 'string')) return resolveAll(pool); // ids: reads only
  return withTransaction(pool, resolveAll, { synchronousCommit: false });
}
