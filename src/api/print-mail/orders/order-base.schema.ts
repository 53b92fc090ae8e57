import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { Metadata } from '../../../platform/metadata.js';
import { Contact, ContactCreate } from '../contacts/contact.schema.js';
import { MAILING_CLASSES } from './mailing-class.js';
import { CANCEL_REASONS, IMB_STATUSES, ORDER_STATUSES } from './order-status.js';

/**
 * The parts every order kind's schemas are composed from (as lob-openapi composes its
 * resources): the request fields all orders share, and the ~20 fields of every stored order.
 * A kind adds only its own (orderCreateSchema, orderSchema).
 */

/** A string enum that keeps its literal type and reads "must be one of: ..." when wrong. */
export const oneOf = <T extends readonly string[]>(values: T, extra = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...extra });
/** Ajv ignores (and strict mode refuses) defaults inside anyOf; createContact applies them anyway. */
const withoutDefaults = <T extends TSchema>(schema: T): T =>
  JSON.parse(JSON.stringify(schema, (k, v) => (k === 'default' ? undefined : v)));
// Inline contact first: Ajv reports the first branch's error, and for an object that is the useful one.
export const ContactRef = Type.Union([withoutDefaults(ContactCreate), Type.String({ maxLength: 100 })], {
  description: 'A contact id, or an inline contact (de-duplicated like POST /contacts).',
});
/**
 * A URL string, the file itself in base64 or as a data: URL, or a multipart file upload
 * (parsed into an UploadedFile): platform/supplied-file.ts tells them apart.
 */
export const PdfFile = Type.Unsafe<unknown>({
  description:
    'An http(s) URL of a PDF, the PDF itself in base64 (standard or URL-safe) or as a data: URL, or the PDF file as a multipart part.',
});
export const MergeVariables = Type.Record(Type.String(), Type.Unknown());

const CREATE_BASE = {
  to: ContactRef,
  from: Type.Optional(ContactRef),
  mailingClass: Type.Optional(
    Type.String({
      maxLength: 60,
      description: `One of ${MAILING_CLASSES.join(', ')} (carrier spellings accepted).`,
    }),
  ),
  express: Type.Optional(
    Type.Boolean({ description: 'The older way to ask for the express class; agrees with mailingClass.' }),
  ),
  sendDate: Type.Optional(
    Type.String({ maxLength: 40, description: 'Date or date-time; see docs/operations.md.' }),
  ),
  mergeVariables: Type.Optional(MergeVariables),
  metadata: Type.Optional(Metadata),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
};
const OrderCreateBase = Type.Object(CREATE_BASE);
/** The request fields every kind's create has; what the shared create flow reads. */
export type OrderCreateBase = Static<typeof OrderCreateBase>;

/** A kind's request body: the shared fields plus its own (`from` required unless the kind says not). */
export function orderCreateSchema<P extends TProperties>(
  own: P,
  opts: { fromRequired: boolean; description: string },
) {
  const from = opts.fromRequired ? ContactRef : Type.Optional(ContactRef);
  return Type.Object({ ...CREATE_BASE, from, ...own }, { description: opts.description });
}

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Fields every stored order has, before the kind's own. */
const HEAD = {
  id: Type.String(),
  live: Type.Boolean(),
  status: oneOf(ORDER_STATUSES),
  to: Contact,
};

/** ... and after them. */
const TAIL = {
  mailingClass: oneOf(MAILING_CLASSES),
  express: Type.Optional(Type.Boolean()),
  sendDate: Type.String({ format: 'date-time' }),
  mergeVariables: Type.Optional(MergeVariables),
  metadata: Type.Optional(Metadata),
  description: Type.Optional(Type.String()),
  url: Type.Optional(
    Type.String({ description: 'Signed link to the PDF, valid 15 minutes; present once rendered.' }),
  ),
  uploadedPDF: Type.Optional(Type.String({ description: 'Signed link to the PDF supplied as content.' })),
  pageCount: Type.Optional(
    Type.Integer({ description: 'Pages of the rendered PDF; present once rendered.' }),
  ),
  cancellation: Type.Optional(
    Type.Object({
      reason: oneOf(CANCEL_REASONS),
      note: Type.Optional(Type.String()),
      cancelledByUser: Type.Optional(Type.String()),
    }),
  ),
  imbStatus: nullable(oneOf(IMB_STATUSES)),
  imbDate: nullable(Type.String({ format: 'date-time' })),
  imbZipCode: nullable(Type.String()),
  trackingNumber: nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

/** A kind's stored order: the shared fields around its own. */
export function orderSchema<N extends string, P extends TProperties>(
  object: N,
  own: P,
  opts: { fromRequired: boolean },
) {
  const from = opts.fromRequired ? Contact : Type.Optional(Contact);
  return Type.Object({ ...HEAD, object: Type.Literal(object), from, ...own, ...TAIL });
}

export const OrderCancellation = Type.Object({ note: Type.Optional(Type.String({ maxLength: 1000 })) });

/** GET /{orders}/{id}/url: `{id, object: '<kind>_url', url}`. */
export const orderUrlSchema = (kind: string) =>
  Type.Object({ id: Type.String(), object: Type.Literal(`${kind}_url`), url: Type.String() });
