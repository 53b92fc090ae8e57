import { buildMergeContext, loadCardPdf } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { requireMergeVariables, templateHtml } from '../orders/order-html.js';
import type { ContentContext } from '../orders/order-kind.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import type { LetterCreate } from './letter.schema.js';

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
      : [
          ...sideHtml(double!, 'front'),
          double!.frontTemplate,
          ...sideHtml(double!, 'back'),
          double!.backTemplate,
        ];
    if (others.some(present)) throw invalid(`${base}.pdf`, 'cannot be combined with html or template sides.');
    const mode = ctx.scope.live ? 'live' : 'test';
    const field = `${base}.pdf`;
    const taken = await takeSuppliedPdf(pdf, field, {
      ...ctx,
      blobKey: `uploads/${mode}/${ctx.orderId}-card.pdf`,
      check: (bytes) => loadCardPdf(bytes, field, sides),
    });
    return { sides, pdf: { blobKey: taken.blobKey } };
  }
  const sources: SideSource[] = single
    ? [{ ...single, field: base, htmlField: `${base}.html`, templateField: `${base}.template` }]
    : (['front', 'back'] as const).map((face) => {
        const [html, spelling] = sideHtmlField(double!, face, base);
        return {
          html,
          template: double![`${face}Template`],
          field: `${base}.${face}`,
          htmlField: spelling,
          templateField: `${base}.${face}Template`,
        };
      });
  const context = buildMergeContext(input.mergeVariables, ctx.to, ctx.from);
  const html: CardContent['html'] = [];
  for (const side of sources) {
    if (present(side.html) === present(side.template))
      throw invalid(
        side.field,
        `needs exactly one of ${side.htmlField} or ${side.templateField} (or a pdf).`,
      );
    const field = present(side.html) ? side.htmlField : side.templateField;
    const text = present(side.html)
      ? side.html!
      : await templateHtml(ctx.db, ctx.scope, side.template!.trim(), field);
    if (present(side.html)) checkTemplateHtml(text, field);
    requireMergeVariables(text, context, field);
    html.push({ field, html: text });
  }
  return { sides, html };
}

type DoubleSided = NonNullable<Card['doubleSided']>;

/** A side's HTML in either spelling (spec `frontHtml`, OpenAPI `frontHTML`); both at once is a 400. */
function sideHtml(card: DoubleSided, face: 'front' | 'back'): unknown[] {
  return [card[`${face}Html`], card[`${face}HTML`]];
}

function sideHtmlField(
  card: DoubleSided,
  face: 'front' | 'back',
  base: string,
): [string | undefined, string] {
  const spec = card[`${face}Html`];
  const openApi = card[`${face}HTML`];
  if (present(spec) && present(openApi))
    throw invalid(`${base}.${face}Html`, `and ${base}.${face}HTML are the same field: supply one.`);
  return present(openApi) ? [openApi, `${base}.${face}HTML`] : [spec, `${base}.${face}Html`];
}
