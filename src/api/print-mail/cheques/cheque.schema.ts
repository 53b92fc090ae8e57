import { type Static, Type } from '@sinclair/typebox';
import { MAX_CHEQUE_AMOUNT_CENTS } from '../../../engines/render/index.js';
import { Contact } from '../contacts/contact.schema.js';
import { ContactRef, oneOf, orderCreateSchema, orderSchema, PdfFile } from '../orders/order-base.schema.js';

export const CHEQUE_SIZES = ['us_letter', 'us_legal'] as const;
export const CURRENCIES = ['USD', 'CAD'] as const;
/** Cheque numbers are printed in the MICR line's serial field: up to ten digits. */
export const MAX_CHEQUE_NUMBER = 9_999_999_999;

const DigitalOnly = Type.Object({ watermark: Type.String({ maxLength: 60 }) });

/** What a cheque has of its own; a box's cheques take these fields too (boxes/). */
export const CHEQUE_FIELDS = {
  bankAccount: Type.String({
    maxLength: 100,
    description: 'The bank account (bank_account_...) it is drawn on.',
  }),
  amount: Type.Integer({ minimum: 1, maximum: MAX_CHEQUE_AMOUNT_CENTS, description: 'In cents.' }),
  currencyCode: Type.Optional(oneOf(CURRENCIES, { description: "Default: the bank account's country's." })),
  number: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CHEQUE_NUMBER,
      description: 'Default: the next in the organization.',
    }),
  ),
  memo: Type.Optional(Type.String({ maxLength: 100 })),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  logoURL: Type.Optional(Type.String({ maxLength: 2000 })),
  digitalOnly: Type.Optional(DigitalOnly),
};

export const ChequeCreate = orderCreateSchema(
  {
    ...CHEQUE_FIELDS,
    size: Type.Optional(oneOf(CHEQUE_SIZES, { default: 'us_letter' })),
    redirectTo: Type.Optional(ContactRef),
    envelope: Type.Optional(Type.String({ maxLength: 100 })),
    letterHTML: Type.Optional(Type.String()),
    letterTemplate: Type.Optional(Type.String({ maxLength: 100 })),
    letterPDF: Type.Optional(PdfFile),
  },
  {
    fromRequired: true,
    description: 'A letter may go with it: at most one of letterHTML, letterTemplate or letterPDF.',
  },
);
export type ChequeCreate = Static<typeof ChequeCreate>;

/** A cheque's own fields as answered; a box's cheques have them too. */
export const CHEQUE_READ_FIELDS = {
  bankAccount: Type.String(),
  amount: Type.Integer(),
  currencyCode: oneOf(CURRENCIES),
  number: Type.Integer(),
  memo: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  logoURL: Type.Optional(Type.String()),
};

export const Cheque = orderSchema(
  'cheque',
  {
    ...CHEQUE_READ_FIELDS,
    digitalOnly: Type.Optional(DigitalOnly),
    size: oneOf(CHEQUE_SIZES),
    redirectTo: Type.Optional(Contact),
    envelope: Type.String(),
    letterHTML: Type.Optional(Type.String()),
    letterTemplate: Type.Optional(Type.String()),
    letterPDF: Type.Optional(Type.String()),
    depositReadyPDFURL: Type.Optional(
      Type.String({
        description: 'GET /cheques/{id}/with_deposit_ready_pdf, digital-only cheques: a signed link.',
      }),
    ),
  },
  { fromRequired: true },
);
