import { type TSchema, Type } from '@sinclair/typebox';
import { ContactCreate } from '../contacts/contact.schema.js';

/** Request fields every order kind shares (letters now; cheques' letters, postcards later). */

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
/** A URL string, or a multipart file upload (parsed into an UploadedFile). */
export const PdfFile = Type.Unsafe<unknown>({
  description: 'URL of a PDF, or the PDF file itself (multipart).',
});
export const PLACEMENTS = ['before_template', 'after_template'] as const;
const PlasticCardSide = Type.Object({
  html: Type.Optional(Type.String()),
  template: Type.Optional(Type.String()),
  pdf: Type.Optional(PdfFile),
});
export const PlasticCard = Type.Object({
  size: Type.Literal('standard'),
  singleSided: Type.Optional(PlasticCardSide),
  doubleSided: Type.Optional(
    Type.Object({
      frontHtml: Type.Optional(Type.String()),
      backHtml: Type.Optional(Type.String()),
      frontTemplate: Type.Optional(Type.String()),
      backTemplate: Type.Optional(Type.String()),
      pdf: Type.Optional(PdfFile),
    }),
  ),
});
