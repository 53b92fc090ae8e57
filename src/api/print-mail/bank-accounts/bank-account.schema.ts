import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { documentSchema } from '../documents/document-envelope.js';
import { oneOf } from '../orders/order-base.schema.js';

export const BANK_COUNTRIES = ['US', 'CA'] as const;

const digits = (description: string, maxLength = 40) => Type.String({ maxLength, description });

export const BankAccountCreate = Type.Object(
  {
    bankName: Type.String({ minLength: 1, maxLength: 100 }),
    bankPrimaryLine: Type.Optional(Type.String({ maxLength: 200 })),
    bankSecondaryLine: Type.Optional(Type.String({ maxLength: 200 })),
    bankCountryCode: oneOf(BANK_COUNTRIES),
    accountNumber: digits('The full account number: digits, spaces or dashes allowed.'),
    routingNumber: Type.Optional(digits('US: the 9-digit ABA routing number.')),
    transitNumber: Type.Optional(digits('CA: the 5-digit branch transit number.')),
    routeNumber: Type.Optional(digits('CA: the 3-digit financial institution number.')),
    caDesignationNumber: Type.Optional(digits('CA: the designation number, if the bank uses one.')),
    signatureText: Type.Optional(Type.String({ maxLength: 100 })),
    signatureImage: Type.Optional(
      Type.Unsafe<unknown>({
        description:
          'An http(s) URL of a PNG or JPEG, the image itself in base64 or as a data: URL, or the image file as a multipart part.',
      }),
    ),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    metadata: Type.Optional(Metadata),
  },
  { description: 'Exactly one of signatureText or signatureImage.' },
);
export type BankAccountCreate = Static<typeof BankAccountCreate>;

export const BankAccount = documentSchema('bank_account', {
  bankName: Type.String(),
  bankPrimaryLine: Type.Optional(Type.String()),
  bankSecondaryLine: Type.Optional(Type.String()),
  bankCountryCode: oneOf(BANK_COUNTRIES),
  accountNumber: Type.String({ description: 'Masked: only the last four digits are shown.' }),
  accountNumberLast4: Type.String(),
  routingNumber: Type.Optional(Type.String()),
  transitNumber: Type.Optional(Type.String()),
  routeNumber: Type.Optional(Type.String()),
  caDesignationNumber: Type.Optional(Type.String()),
  signatureText: Type.Optional(Type.String()),
  signatureImage: Type.Optional(Type.String({ description: 'Signed link to the signature image.' })),
});
export type BankAccount = Static<typeof BankAccount>;
