import { type Static, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';

const text = (maxLength: number, description?: string) => Type.String({ maxLength, description });

/** Fields a client sends to create a contact (also the inline `to`/`from` of orders). */
export const ContactCreate = Type.Object(
  {
    firstName: Type.Optional(text(100)),
    lastName: Type.Optional(text(100)),
    companyName: Type.Optional(text(200)),
    jobTitle: Type.Optional(text(100)),
    email: Type.Optional(text(254)),
    phoneNumber: Type.Optional(text(50)),
    addressLine1: text(
      200,
      'Street line, or the whole address (except the country) to be split into fields.',
    ),
    addressLine2: Type.Optional(text(200)),
    city: Type.Optional(text(100)),
    provinceOrState: Type.Optional(text(100)),
    postalOrZip: Type.Optional(text(20)),
    countryCode: Type.Optional(text(60, 'ISO 3166-1 code; defaults to the organization country (US).')),
    description: Type.Optional(text(1000)),
    metadata: Type.Optional(Metadata),
    skipVerification: Type.Optional(Type.Boolean({ default: false })),
    forceVerifiedStatus: Type.Optional(Type.Boolean({ default: false })),
  },
  { description: 'firstName or companyName is required.' },
);
export type ContactCreate = Static<typeof ContactCreate>;

type ContactTextField = {
  [K in keyof ContactCreate]-?: ContactCreate[K] extends string | undefined ? K : never;
}[keyof ContactCreate];

/** The text fields of a contact (names, address, description), in ContactCreate's order. */
export const CONTACT_TEXT_FIELDS = Object.entries(ContactCreate.properties)
  .filter(([, schema]) => schema.type === 'string')
  .map(([name]) => name) as ContactTextField[];

export const ADDRESS_STATUSES = ['verified', 'corrected', 'failed'] as const;

/** A contact as the API returns it (and stores it). */
export const Contact = Type.Object({
  id: Type.String(),
  object: Type.Literal('contact'),
  live: Type.Boolean(),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  companyName: Type.Optional(Type.String()),
  jobTitle: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phoneNumber: Type.Optional(Type.String()),
  addressLine1: Type.String(),
  addressLine2: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  provinceOrState: Type.Optional(Type.String()),
  postalOrZip: Type.Optional(Type.String()),
  countryCode: Type.String(),
  addressStatus: Type.Union(ADDRESS_STATUSES.map((s) => Type.Literal(s))),
  addressErrors: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  skipVerification: Type.Boolean(),
  forceVerifiedStatus: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Contact = Static<typeof Contact>;

export const ContactDeleted = Type.Object({
  id: Type.String(),
  object: Type.Literal('contact'),
  deleted: Type.Literal(true),
});
