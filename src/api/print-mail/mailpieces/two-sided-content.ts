import { buildMergeContext, loadMailpiecePdf } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { requireMergeVariables, templateHtml } from '../orders/order-html.js';
import type { ContentContext } from '../orders/order-kind.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import type { TwoSidedInput, TwoSidedSpec } from './two-sided.js';

/** What the render job renders, fixed at create: each side's unmerged HTML, or the stored PDF. */
export interface TwoSidedContent {
  kind: 'html' | 'pdf';
  /** Page 1 then page 2, each with the request field its HTML came from. */
  sides?: Array<{ field: string; html: string }>;
  pdf?: { blobKey: string; pageCount: number };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The content is a two-page `pdf`, or for each side exactly one of its HTML or its template
 * (sides may differ: HTML front, template back). Cheap: runs before any read.
 */
export function checkTwoSidedSource(spec: TwoSidedSpec, input: TwoSidedInput): 'pdf' | 'sides' {
  const sideFields = spec.sides.flatMap((s) => [s.html, s.template]);
  const given = sideFields.filter((f) => present(input[f]));
  if (present(input.pdf)) {
    if (given.length)
      throw invalid('pdf', `cannot be combined with ${given.join(', ')}: supply one or the other.`);
    return 'pdf';
  }
  for (const side of spec.sides) {
    const both = present(input[side.html]) && present(input[side.template]);
    if (both) throw invalid(`${side.html} and ${side.template}`, 'cannot be combined: supply one of them.');
    if (!present(input[side.html]) && !present(input[side.template]))
      throw invalid(
        side.html,
        `is required: supply ${side.html} or ${side.template} for the ${side.name}, or a two-page pdf.`,
      );
  }
  return 'sides';
}

export async function twoSidedContent(
  spec: TwoSidedSpec,
  input: TwoSidedInput,
  ctx: ContentContext,
): Promise<TwoSidedContent> {
  const source = checkTwoSidedSource(spec, input);
  if (source === 'pdf') {
    const format = spec.formats[input.size];
    const mode = ctx.scope.live ? 'live' : 'test';
    const pdf = await takeSuppliedPdf(input.pdf, 'pdf', {
      ...ctx,
      blobKey: `uploads/${mode}/${ctx.orderId}-content.pdf`,
      check: (bytes) => loadMailpiecePdf(bytes, 'pdf', format),
    });
    return { kind: 'pdf', pdf: { blobKey: pdf.blobKey, pageCount: pdf.pageCount } };
  }
  const context = buildMergeContext(input.mergeVariables as Record<string, unknown>, ctx.to, ctx.from);
  const sides: TwoSidedContent['sides'] = [];
  for (const side of spec.sides) {
    const html = input[side.html] as string | undefined;
    const field = present(html) ? side.html : side.template;
    const text = present(html)
      ? html!
      : await templateHtml(ctx.db, ctx.scope, String(input[side.template]).trim(), field);
    if (present(html)) checkTemplateHtml(text, field);
    requireMergeVariables(text, context, field);
    sides.push({ field, html: text });
  }
  return { kind: 'html', sides };
}

/** The kind's own fields as stored and returned: its size, and each side's HTML or template as sent. */
export function twoSidedFields(spec: TwoSidedSpec, input: TwoSidedInput) {
  const fields: Record<string, unknown> = { size: input.size };
  for (const side of spec.sides) {
    if (present(input[side.html])) fields[side.html] = input[side.html];
    else if (present(input[side.template])) fields[side.template] = String(input[side.template]).trim();
  }
  return fields;
}
