import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { ApiError, apiError, invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import type { Contact, ContactCreate } from '../contacts/contact.schema.js';
import {
  type ContactRow,
  findSavedContacts,
  getContactDoc,
  saveContacts,
  savedState,
} from '../contacts/contacts.repo.js';
import { type ContactContext, prepareContact } from '../contacts/contacts.service.js';
import type { KnownContacts } from '../contacts/known-contacts.js';

/**
 * `to` / `from` of an order as given: a stored contact (by id, read, or inline and identical to
 * a stored one) or an inline contact, checked and ready to be created (and de-duplicated) like
 * POST /contacts but not yet written. `isNew`: no identical contact existed when it was prepared,
 * or none is known to this process (a guess the create's statement checks, as it checks
 * `guessedFrom`: an inline contact taken for a stored one this process knows, not read).
 */
export type OrderContact =
  | { stored: Contact; guessedFrom?: ContactRow }
  | { inline: ContactRow; isNew: boolean };

export interface OrderContactContext extends ContactContext {
  /** Inline contacts this process has seen stored (known-contacts.ts); without it, always read. */
  known?: KnownContacts;
}

/**
 * Reads or prepares an order's contacts before its transaction; nothing is written. Errors
 * name the order field: `to.addressLine1 is required.`, `from refers to contact ..., which
 * does not exist.`
 */
export async function prepareOrderContacts<K extends string>(
  db: Queryable,
  refs: Record<K, string | ContactCreate>,
  ctx: OrderContactContext,
): Promise<Record<K, OrderContact>> {
  const out = {} as Record<K, OrderContact>;
  for (const field of Object.keys(refs) as K[]) out[field] = await prepareOne(db, field, refs[field], ctx);
  return settleInline(db, ctx.scope, out, ctx.known);
}

/** The inline contacts among an order's, in field order (guessed ones too: not read). */
function inlineRows<K extends string>(contacts: Record<K, OrderContact>, fields: K[]): ContactRow[] {
  return fields.flatMap((f) => {
    const c = contacts[f];
    return 'inline' in c ? [c.inline] : c.guessedFrom ? [c.guessedFrom] : [];
  });
}

/**
 * What findSavedContacts would answer, guessed from what this process knows, with no read:
 * a known contact as it was last seen, an unknown one as new. The create's statement checks
 * both guesses (the stored doc unchanged, the new one inserted) and gives up whole if either
 * was wrong; the caller then saves the contacts in a transaction, which reads.
 */
function guessSavedContacts(known: KnownContacts, scope: Scope, rows: ContactRow[]) {
  const out = new Map<string, Contact | 'changed' | 'new'>();
  for (const row of rows) out.set(row.contentHash, savedState(known.get(scope, row.contentHash), row));
  return out;
}

/**
 * Looks up the inline contacts that already exist (one read, or with `memory` a guess and no
 * read): an identical one that the order would leave unchanged is used as stored, so the
 * common order (a known return address, a new recipient) has nothing to patch and can be
 * written in one statement (contactsForOneStatement). Two new inline contacts with the same
 * content share one row, as saveContacts would.
 */
async function settleInline<K extends string>(
  db: Queryable,
  scope: Scope,
  contacts: Record<K, OrderContact>,
  memory?: KnownContacts,
): Promise<Record<K, OrderContact>> {
  const fields = Object.keys(contacts) as K[];
  const rows = inlineRows(contacts, fields);
  const guessed = Boolean(memory && rows.length);
  const known = guessed ? guessSavedContacts(memory!, scope, rows) : await findSavedContacts(db, scope, rows);
  const firstNew = new Map<string, ContactRow>();
  const out = {} as Record<K, OrderContact>;
  for (const f of fields) {
    const c = contacts[f];
    if (!('inline' in c)) {
      out[f] = c;
      continue;
    }
    const hash = c.inline.contentHash;
    const found = known.get(hash);
    if (typeof found === 'object')
      out[f] = guessed ? { stored: found, guessedFrom: c.inline } : { stored: found };
    else if (found === 'changed') out[f] = { inline: c.inline, isNew: false };
    else {
      if (!firstNew.has(hash)) firstNew.set(hash, c.inline);
      out[f] = { inline: firstNew.get(hash) as ContactRow, isNew: true };
    }
  }
  return out;
}

/**
 * An order's contacts as its one-statement create writes them: every contact's doc, and the
 * new ones to insert with the order. Undefined when an inline contact would patch an existing
 * one; that order saves its contacts in a transaction first (saveOrderContacts).
 */
export function contactsForOneStatement<K extends string>(
  contacts: Record<K, OrderContact>,
): { docs: Record<K, Contact>; newRows: ContactRow[]; guessed: Contact[] } | undefined {
  const docs = {} as Record<K, Contact>;
  const newRows = new Set<ContactRow>();
  const guessed = new Set<Contact>();
  for (const f of Object.keys(contacts) as K[]) {
    const c = contacts[f];
    if ('stored' in c) {
      docs[f] = c.stored;
      if (c.guessedFrom) guessed.add(c.stored);
    } else if (!c.isNew) return undefined;
    else {
      docs[f] = c.inline.doc;
      newRows.add(c.inline);
    }
  }
  return { docs, newRows: [...newRows], guessed: [...guessed] };
}

async function prepareOne(
  db: Queryable,
  field: string,
  value: string | ContactCreate,
  ctx: ContactContext,
): Promise<OrderContact> {
  if (typeof value === 'string') {
    const id = value.trim();
    if (!isId('contact', id)) throw invalid(field, `must be a contact id (contact_...) or a contact object.`);
    const doc = await getContactDoc(db, ctx.scope, id);
    if (!doc) throw invalid(field, `refers to contact ${id}, which does not exist.`);
    return { stored: JSON.parse(doc) };
  }
  try {
    return { inline: await prepareContact(value, ctx), isNew: true };
  } catch (err) {
    if (err instanceof ApiError && err.type === 'validation_error')
      throw apiError('validation_error', `${field}.${err.message}`);
    throw err;
  }
}

/**
 * What an order's contact looks like before it is saved: enough for checks that need only
 * which fields exist (merge variables). An inline duplicate gets the stored contact's id later.
 */
export function previewOf(contact: OrderContact): Contact {
  return 'stored' in contact ? contact.stored : contact.inline.doc;
}

/**
 * Writes an order's inline contacts in the order's own transaction, all in one statement, so
 * an order that fails writes no contact. A new or unchanged contact locks no existing row
 * (saveContacts), so an organization's shared return address does not queue its concurrent
 * orders; only a duplicate whose description changes holds its row until the order commits.
 */
export async function saveOrderContacts<K extends string>(
  tx: Queryable,
  scope: Scope,
  contacts: Record<K, OrderContact>,
): Promise<Record<K, Contact>> {
  const fields = Object.keys(contacts) as K[];
  const rows = inlineRows(contacts, fields); // a guessed contact is saved like any inline one
  const saved = await saveContacts(tx, scope, rows);
  let next = 0;
  const out = {} as Record<K, Contact>;
  for (const f of fields) {
    const c = contacts[f];
    out[f] = 'inline' in c || c.guessedFrom ? saved[next++] : c.stored;
  }
  return out;
}

/**
 * Tells `memory` what an order's inline contacts turned out to be once written (`written`,
 * by field), or, when the create gave up, forgets its guesses: the next order reads.
 */
export function learnContacts<K extends string>(
  memory: KnownContacts | undefined,
  scope: Scope,
  contacts: Record<K, OrderContact>,
  written: Record<K, Contact> | undefined,
): void {
  if (!memory) return;
  for (const f of Object.keys(contacts) as K[]) {
    const c = contacts[f];
    const row = 'inline' in c ? c.inline : c.guessedFrom;
    if (!row) continue;
    if (written) memory.remember(scope, row.contentHash, written[f]);
    else memory.forget(scope, row.contentHash);
  }
}
