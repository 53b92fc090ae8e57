import { buildMergeContext, LIMITS, loadCheckedPdf, PAGE_SIZES } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { exactlyOne, requireMergeVariables, templateHtml } from '../orders/order-html.js';
import type { ContentContext } from '../orders/order-kind.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import type { LetterCreate } from './letter.schema.js';
import { checkReturnEnvelope } from './letter-return-envelope.js';
import { type CardContent, plasticCardContent } from './plastic-card-content.js';

/** What the render job renders, fixed at create (a later template edit does not change the letter). */
export interface LetterContent {
  kind: 'html' | 'pdf';
  html?: string;
  pdf?: { blobKey: string; pageCount: number };
  attached?: { blobKey: string; placement: 'before_template' | 'after_template' };
  /** The plastic card's artwork, rendered into a PDF of its own beside the letter's. */
  card?: CardContent;
}

const SOURCES = ['html', 'template', 'pdf'] as const;

/** Exactly one of html, template or pdf; 400 naming the fields otherwise. Cheap: runs first. */
export const contentSource = (input: LetterCreate) => exactlyOne(input, SOURCES);

export async function letterContent(input: LetterCreate, ctx: ContentContext): Promise<LetterContent> {
  const source = contentSource(input);
  const size = input.size ?? 'us_letter';
  const mode = ctx.scope.live ? 'live' : 'test';
  const supplied = (value: unknown, field: string, name: string) =>
    takeSuppliedPdf(value, field, {
      ...ctx,
      blobKey: `uploads/${mode}/${ctx.orderId}-${name}.pdf`,
      check: (bytes) => loadCheckedPdf(bytes, { field, size: PAGE_SIZES[size], sizeName: size }),
    });
  const attached = input.attachedPDF
    ? await supplied(input.attachedPDF.file, 'attachedPDF.file', 'attached')
    : undefined;
  if (input.returnEnvelope) await checkReturnEnvelope(ctx.db, ctx.scope, input.returnEnvelope);
  const content: LetterContent = { kind: source === 'pdf' ? 'pdf' : 'html' };
  if (attached) content.attached = { blobKey: attached.blobKey, placement: input.attachedPDF!.placement };
  if (input.plasticCard) content.card = await plasticCardContent(input.plasticCard, input, ctx);
  if (source === 'pdf') {
    const pdf = await supplied(input.pdf, 'pdf', 'content');
    if (pdf.pageCount + (attached?.pageCount ?? 0) > LIMITS.maxLetterPages)
      throw invalid('pdf', `and attachedPDF together exceed ${LIMITS.maxLetterPages} pages.`);
    content.pdf = { blobKey: pdf.blobKey, pageCount: pdf.pageCount };
    return content;
  }
  const html =
    source === 'html'
      ? input.html!
      : await templateHtml(ctx.db, ctx.scope, input.template!.trim(), 'template');
  if (source === 'html') checkTemplateHtml(html, 'html');
  requireMergeVariables(html, buildMergeContext(input.mergeVariables, ctx.to, ctx.from), `the ${source}`);
  content.html = html;
  return content;
}
