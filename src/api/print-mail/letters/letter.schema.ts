import { type Static, Type } from '@sinclair/typebox';
import { oneOf, orderCreateSchema, orderSchema, PdfFile } from '../orders/order-base.schema.js';

export const PLACEMENTS = ['before_template', 'after_template'] as const;

const PlasticCardSide = Type.Object({
  html: Type.Optional(Type.String()),
  template: Type.Optional(Type.String()),
  pdf: Type.Optional(PdfFile),
});
/** `frontHtml`/`backHtml` as the spec spells them; the OpenAPI's `frontHTML`/`backHTML` too. */
export const PlasticCard = Type.Object({
  size: Type.Literal('standard'),
  singleSided: Type.Optional(PlasticCardSide),
  doubleSided: Type.Optional(
    Type.Object({
      frontHtml: Type.Optional(Type.String()),
      backHtml: Type.Optional(Type.String()),
      frontHTML: Type.Optional(Type.String()),
      backHTML: Type.Optional(Type.String()),
      frontTemplate: Type.Optional(Type.String()),
      backTemplate: Type.Optional(Type.String()),
      pdf: Type.Optional(PdfFile),
    }),
  ),
});

const PAPER = { pattern: '^(standard|premium_paper_[a-z0-9_]+)$', maxLength: 100 };
const RETURN_ENVELOPE = { pattern: '^return_envelope_[A-Za-z0-9]+$', maxLength: 100 };

export const LetterCreate = orderCreateSchema(
  {
    html: Type.Optional(Type.String()),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    pdf: Type.Optional(PdfFile),
    addressPlacement: Type.Optional(
      oneOf(['top_first_page', 'insert_blank_page'] as const, { default: 'top_first_page' }),
    ),
    color: Type.Optional(Type.Boolean({ default: false })),
    doubleSided: Type.Optional(Type.Boolean({ default: false })),
    envelope: Type.Optional(Type.String({ maxLength: 100, default: 'standard' })),
    size: Type.Optional(oneOf(['us_letter', 'a4'] as const, { default: 'us_letter' })),
    attachedPDF: Type.Optional(Type.Object({ file: PdfFile, placement: oneOf(PLACEMENTS) })),
    perforatedPage: Type.Optional(Type.Literal(1)),
    paper: Type.Optional(Type.String(PAPER)),
    plasticCard: Type.Optional(PlasticCard),
    returnEnvelope: Type.Optional(Type.String(RETURN_ENVELOPE)),
  },
  { fromRequired: true, description: 'Exactly one of html, template or pdf.' },
);
export type LetterCreate = Static<typeof LetterCreate>;

export const Letter = orderSchema(
  'letter',
  {
    html: Type.Optional(Type.String()),
    template: Type.Optional(Type.String()),
    addressPlacement: Type.String(),
    color: Type.Boolean(),
    doubleSided: Type.Boolean(),
    envelope: Type.String(),
    size: Type.String(),
    paper: Type.String(),
    attachedPDF: Type.Optional(Type.Object({ file: Type.String(), placement: oneOf(PLACEMENTS) })),
    perforatedPage: Type.Optional(Type.Literal(1)),
    plasticCard: Type.Optional(Type.Unknown()),
    returnEnvelope: Type.Optional(Type.String()),
    pdfWorkflowRun: Type.Union([Type.String(), Type.Null()], {
      description: 'The PDF workflow run that made the letter; null, since Postroom has no PDF workflows.',
    }),
  },
  { fromRequired: true },
);
