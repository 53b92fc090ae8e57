import type pg from 'pg';
import { ApiError, apiError } from '../../../platform/errors.js';
import { checkBody } from '../../../platform/request-schema.js';
import type { AppDeps } from '../../deps.js';
import { CONTACT_TEXT_FIELDS, type Contact, type ContactCreate } from '../contacts/contact.schema.js';
import { getContactDoc } from '../contacts/contacts.repo.js';
import { letterKind } from '../letters/letter.kind.js';
import type { LetterCreate } from '../letters/letter.schema.js';
import type { OrderCreateBase } from '../orders/order-base.schema.js';
import { storedPdf } from '../orders/order-pdf.js';
import { createOrder, orderCreateContext } from '../orders/order-service.js';
import type { MailboxAddress } from './virtual-mailbox.schema.js';
import type { MailboxRow } from './virtual-mailboxes.repo.js';

/**
 * The forwarding contact: by id while it exists, else as it was when the mailbox was made
 * (a deleted contact must not stop the mail room from forwarding).
 */
async function forwardTo(
  tx: pg.PoolClient,
  mailbox: MailboxRow,
  contact: Contact,
): Promise<string | ContactCreate> {
  const scope = { orgId: mailbox.orgId, live: mailbox.live };
  if (await getContactDoc(tx, scope, contact.id)) return contact.id;
  const inline: Record<string, unknown> = {};
  for (const f of CONTACT_TEXT_FIELDS) if (contact[f] !== undefined) inline[f] = contact[f];
  return inline as ContactCreate;
}

export interface ForwardRequest {
  mailbox: MailboxRow;
  itemId: string;
  /** The letter's content (forwardingPdf), already in the blob store. */
  pdfKey: string;
  address: MailboxAddress;
  orgCountryCode: string;
}

/**
 * Creates the letter that forwards an item to the mailbox's `forwardMailTo`, in the item's
 * transaction, through the letter kind's own create (checks, contacts, `letter.created`,
 * render job): the mail room prints it with the day's letters and encloses the original. Its
 * return address is the mailbox's, so a forward that comes back comes back to the mailbox.
 */
export async function createForwardingLetter(tx: pg.PoolClient, deps: AppDeps, req: ForwardRequest) {
  const { mailbox, address } = req;
  const contact = mailbox.doc.capabilities.forwardMailTo!;
  const scope = { orgId: mailbox.orgId, live: mailbox.live };
  const { object: _object, ...fromAddress } = address;
  const body: Record<string, unknown> = {
    to: await forwardTo(tx, mailbox, contact),
    from: { companyName: 'Virtual Mailbox', ...fromAddress },
    pdf: storedPdf(req.pdfKey, 'forwarded-mail.pdf'),
    addressPlacement: 'insert_blank_page',
    description: `Forwarded mail: ${req.itemId}`,
    metadata: { virtualMailbox: mailbox.doc.id, virtualMailboxItem: req.itemId },
  };
  try {
    const input = checkBody<LetterCreate>(letterKind.schemas.create, body);
    return await createOrder(
      tx,
      letterKind,
      input as OrderCreateBase,
      orderCreateContext(deps, scope, req.orgCountryCode),
    );
  } catch (err) {
    // The operator recorded nothing wrong: say it is the forwarding that failed, and why.
    if (err instanceof ApiError && err.statusCode < 500)
      throw apiError(err.type, `The forwarding letter could not be made: ${err.message}`);
    throw err;
  }
}
