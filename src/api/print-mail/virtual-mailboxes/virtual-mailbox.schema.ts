import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { Contact } from '../contacts/contact.schema.js';
import { documentSchema, ENVELOPE_CREATE } from '../documents/document-envelope.js';
import { ContactRef, oneOf } from '../orders/order-base.schema.js';

/** `pending_assignment`: a live mailbox the mail room has not activated yet (test ones start active). */
export const MAILBOX_STATUSES = ['active', 'pending_assignment'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

export const VirtualMailboxCreate = Type.Object({
  countryCode: Type.String({ maxLength: 60, description: 'US: the only country with virtual mailboxes.' }),
  capabilities: Type.Optional(
    Type.Object({
      envelopeScans: Type.Boolean({ description: 'The mail room scans the envelope of every item.' }),
      forwardMailTo: Type.Optional(ContactRef),
    }),
  ),
  ...ENVELOPE_CREATE,
});
export type VirtualMailboxCreate = Static<typeof VirtualMailboxCreate>;

export const VirtualMailbox = documentSchema('virtual_mailbox', {
  countryCode: Type.Literal('US'),
  status: oneOf(MAILBOX_STATUSES),
  capabilities: Type.Object({
    envelopeScans: Type.Boolean(),
    forwardMailTo: Type.Optional(Contact),
  }),
});
export type VirtualMailbox = Static<typeof VirtualMailbox>;

/** `GET /virtual_mailboxes/{id}/address`: the mail room's street address with the mailbox's own PMB. */
export const MailboxAddress = Type.Object({
  object: Type.Literal('virtual_mailbox_address'),
  addressLine1: Type.String(),
  addressLine2: Type.String({ description: 'The mailbox’s private mailbox number, e.g. `PMB 1001`.' }),
  city: Type.String(),
  provinceOrState: Type.String(),
  postalOrZip: Type.String(),
  countryCode: Type.Literal('US'),
});
export type MailboxAddress = Static<typeof MailboxAddress>;

const ItemFields = {
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  matchedLetter: Type.Optional(
    Type.String({ maxLength: 100, description: 'A letter of yours this item is (returned mail).' }),
  ),
  metadata: Type.Optional(Metadata),
};

/** `POST /virtual_mailboxes/{id}/items`, test mode only: a pretend piece of mail arriving. */
export const MailboxItemCreate = Type.Object(ItemFields);
export type MailboxItemCreate = Static<typeof MailboxItemCreate>;

/** A multipart file part, or the PDF in base64 or as a data: URL, as the operator API receives scans. */
const ScanFile = Type.Unsafe<unknown>({
  description: 'A PDF scan, as a multipart file part, or the PDF in base64 or as a data: URL.',
});

/** The operator's record of a real piece of mail (operator API and `postroom mailbox receive`). */
export const MailboxItemReceive = Type.Object({
  ...ItemFields,
  envelope: Type.Optional(ScanFile),
  contents: Type.Optional(ScanFile),
});
export type MailboxItemReceive = Static<typeof MailboxItemReceive>;

export const MailboxItem = Type.Object({
  id: Type.String(),
  object: Type.Literal('virtual_mailbox_item'),
  live: Type.Boolean(),
  virtualMailbox: Type.String(),
  description: Type.Optional(Type.String()),
  fileURL: Type.Optional(Type.String({ description: 'Signed link to the envelope scan, valid 15 minutes.' })),
  contentsFileURL: Type.Optional(
    Type.String({ description: 'Signed link to the scan of the contents, when the mail room opened it.' }),
  ),
  matchedLetter: Type.Optional(Type.String()),
  forwardedLetter: Type.Optional(
    Type.String({ description: 'The letter that forwards this item to the mailbox’s forwardMailTo.' }),
  ),
  metadata: Type.Optional(Metadata),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type MailboxItem = Static<typeof MailboxItem>;

/** An item as stored: the scans' blob keys instead of links, which reads sign afresh. */
export type StoredMailboxItem = Omit<MailboxItem, 'fileURL' | 'contentsFileURL'> & {
  envelopeScanKey?: string;
  contentsScanKey?: string;
};
