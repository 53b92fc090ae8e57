import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { Contact } from '../contacts/contact.schema.js';
import { MAILING_CLASSES } from '../orders/mailing-class.js';
import { ContactRef, oneOf, PdfFile, PLACEMENTS, PlasticCard } from '../orders/order-fields.schema.js';
import { CANCEL_REASONS, ORDER_STATUSES } from '../orders/order-status.js';

export const LetterCreate = Type.Object(
  {
    to: ContactRef,
    from: ContactRef,
    html: Type.Optional(Type.String()),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    pdf: Type.Optional(PdfFile),
    addressPlacement: Type.Optional(
      oneOf(['top_first_page', 'insert_blank_page'] as const, { default: 'top_first_page' }),
    ),
    color: Type.Optional(Type.Boolean({ default: false })),
    doubleSided: Type.Optional(Type.Boolean({ default: false })),
    envelope: Type.Optional(Type.String({ maxLength: 100, default: 'standard' })),
    mailingClass: Type.Optional(
      Type.String({
        maxLength: 60,
        description: `One of ${MAILING_CLASSES.join(', ')} (carrier spellings accepted).`,
      }),
    ),
    size: Type.Optional(oneOf(['us_letter', 'a4'] as const, { default: 'us_letter' })),
    sendDate: Type.Optional(
      Type.String({ maxLength: 40, description: 'Date or date-time; see docs/operations.md.' }),
    ),
    mergeVariables: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    metadata: Type.Optional(Metadata),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    attachedPDF: Type.Optional(Type.Object({ file: PdfFile, placement: oneOf(PLACEMENTS) })),
    perforatedPage: Type.Optional(Type.Literal(1)),
    paper: Type.Optional(Type.String({ pattern: '^(standard|premium_paper_[a-z0-9_]+)$', maxLength: 100 })),
    plasticCard: Type.Optional(PlasticCard),
    returnEnvelope: Type.Optional(Type.String({ pattern: '^return_envelope_[A-Za-z0-9]+$', maxLength: 100 })),
  },
  { description: 'Exactly one of html, template or pdf.' },
);
export type LetterCreate = Static<typeof LetterCreate>;

export const LetterCancellation = Type.Object({ note: Type.Optional(Type.String({ maxLength: 1000 })) });

export const Letter = Type.Object({
  id: Type.String(),
  object: Type.Literal('letter'),
  live: Type.Boolean(),
  status: oneOf(ORDER_STATUSES),
  to: Contact,
  from: Contact,
  html: Type.Optional(Type.String()),
  template: Type.Optional(Type.String()),
  uploadedPDF: Type.Optional(Type.String()),
  url: Type.Optional(
    Type.String({ description: 'Signed link to the PDF, valid 15 minutes; present once rendered.' }),
  ),
  pageCount: Type.Optional(Type.Integer()),
  addressPlacement: Type.String(),
  color: Type.Boolean(),
  doubleSided: Type.Boolean(),
  envelope: Type.String(),
  mailingClass: oneOf(MAILING_CLASSES),
  size: Type.String(),
  sendDate: Type.String({ format: 'date-time' }),
  mergeVariables: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  metadata: Type.Optional(Metadata),
  description: Type.Optional(Type.String()),
  attachedPDF: Type.Optional(Type.Object({ file: Type.String(), placement: oneOf(PLACEMENTS) })),
  perforatedPage: Type.Optional(Type.Literal(1)),
  paper: Type.Optional(Type.String()),
  plasticCard: Type.Optional(Type.Unknown()),
  returnEnvelope: Type.Optional(Type.String()),
  cancellation: Type.Optional(
    Type.Object({
      reason: oneOf(CANCEL_REASONS),
      note: Type.Optional(Type.String()),
      cancelledByUser: Type.Optional(Type.String()),
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const LetterUrl = Type.Object({
  id: Type.String(),
  object: Type.Literal('letter_url'),
  url: Type.String(),
});
