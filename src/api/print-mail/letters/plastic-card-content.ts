import { buildMergeContext, findMissingVariables, loadCardPdf } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import type { LetterCreate } from './letter.schema.js';
import type { ContentContext } from './letter-content.js';

/** A letter's card artwork, fixed at create like the letter's own content: HTML per side, or a PDF. */
export interface CardContent {
  sides: 1 | 2;
  /** Unmerged HTML per side, front first; `field` is the request field it came from. */
  html?: Array<{ field: string; html: string }>;
  pdf?: { blobKey: string };
}

type Card = NonNullable<LetterCreate['plasticCard']>;
interface SideSource {
  html?: string;
  template?: string;
  /** The side, and the request fields of its two possible sources. */
  field: string;
  htmlField: string;
  templateField: string;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const F = 'plasticCard';

/**
 * Checks a `plasticCard` the way the letter's content is checked (a 400 naming the field):
 * exactly one of singleSided or doubleSided; per side exactly one source; templates exist;
 * HTML parses and every merge variable it uses is supplied; a PDF passes the uploaded-PDF
 * checks at the card size with one page per side (loadCardPdf), and is kept in the blob store.
 */
export async function plasticCardContent(
  card: Card,
  input: LetterCreate,
  ctx: ContentContext,
  templateHtml: (id: string, field: string) => Promise<string>,
): Promise<CardContent> {
  if (present(card.singleSided) === present(card.doubleSided))
    throw invalid(F, 'needs exactly one of singleSided or doubleSided.');
  const single = card.singleSided;
  const double = card.doubleSided;
  const pdf = single ? single.pdf : double!.pdf;
  const sides: 1 | 2 = single ? 1 : 2;
  const base = single ? `${F}.singleSided` : `${F}.doubleSided`;
  if (present(pdf)) {
    const others = single
      ? [single.html, single.template]
      : [double!.frontHtml, double!.frontTemplate, double!.backHtml, double!.backTemplate];
    if (others.some(present)) throw invalid(`${base}.pdf`, 'cannot be combined with html or template sides.');
    const mode = ctx.scope.live ? 'live' : 'test';
    const field = `${base}.pdf`;
    const taken = await takeSuppliedPdf(pdf, field, {
      ...ctx,
      blobKey: `uploads/${mode}/${ctx.letterId}-card.pdf`,
      check: (bytes) => loadCardPdf(bytes, field, sides),
    });
    return { sides, pdf: { blobKey: taken.blobKey } };
  }
  const sources: SideSource[] = single
    ? [{ ...single, field: base, htmlField: `${base}.html`, templateField: `${base}.template` }]
    : (['front', 'back'] as const).map((face) => ({
        html: double![`${face}Html`],
        template: double![`${face}Template`],
        field: `${base}.${face}`,
        htmlField: `${base}.${face}Html`,
        templateField: `${base}.${face}Template`,
      }));
  const context = buildMergeContext(input.mergeVariables, ctx.to, ctx.from);
  const html: CardContent['html'] = [];
  for (const side of sources) {
    if (present(side.html) === present(side.template))
      throw invalid(
        side.field,
        `needs exactly one of ${side.htmlField} or ${side.templateField} (or a pdf).`,
      );
    const field = present(side.html) ? side.htmlField : side.templateField;
    const text = present(side.html) ? side.html! : await templateHtml(side.template!.trim(), field);
    if (present(side.html)) checkTemplateHtml(text, field);
    const missing = findMissingVariables(text, context);
    if (missing.length > 0)
      throw invalid(
        'mergeVariables',
        `is missing ${missing.map((m) => `"${m}"`).join(', ')}, used by ${field}.`,
      );
    html.push({ field, html: text });
  }
  return { sides, html };
}
