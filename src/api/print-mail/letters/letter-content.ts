import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import {
  buildMergeContext,
  findMissingVariables,
  type LetterSize,
  LIMITS,
} from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { Contact } from '../contacts/contact.schema.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import type { Template } from '../templates/template.schema.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import { getTemplateDoc } from '../templates/templates.repo.js';
import type { LetterCreate } from './letter.schema.js';
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

export interface ContentContext {
  scope: Scope;
  letterId: string;
  size: LetterSize;
  to: Contact;
  from: Contact;
  blobs: BlobStore;
  allowPrivate: boolean;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Exactly one of html, template or pdf; 400 naming the fields otherwise. Cheap: runs first. */
export function contentSource(input: LetterCreate): 'html' | 'template' | 'pdf' {
  const given = (['html', 'template', 'pdf'] as const).filter((f) => present(input[f]));
  if (given.length === 0) throw invalid('html', 'is required: supply exactly one of html, template or pdf.');
  if (given.length > 1)
    throw invalid(given.join(' and '), 'cannot be combined: supply exactly one of html, template or pdf.');
  return given[0];
}

export async function letterContent(
  db: Queryable,
  input: LetterCreate,
  ctx: ContentContext,
): Promise<LetterContent> {
  const source = contentSource(input);
  const mode = ctx.scope.live ? 'live' : 'test';
  const supplied = (value: unknown, field: string, name: string) =>
    takeSuppliedPdf(value, field, { ...ctx, blobKey: `uploads/${mode}/${ctx.letterId}-${name}.pdf` });
  const attached = input.attachedPDF
    ? await supplied(input.attachedPDF.file, 'attachedPDF.file', 'attached')
    : undefined;
  const content: LetterContent = { kind: source === 'pdf' ? 'pdf' : 'html' };
  if (attached) content.attached = { blobKey: attached.blobKey, placement: input.attachedPDF!.placement };
  if (input.plasticCard)
    content.card = await plasticCardContent(input.plasticCard, input, ctx, (id, field) =>
      templateHtml(db, ctx.scope, id, field),
    );
  if (source === 'pdf') {
    const pdf = await supplied(input.pdf, 'pdf', 'content');
    if (pdf.pageCount + (attached?.pageCount ?? 0) > LIMITS.maxLetterPages)
      throw invalid('pdf', `and attachedPDF together exceed ${LIMITS.maxLetterPages} pages.`);
    content.pdf = { blobKey: pdf.blobKey, pageCount: pdf.pageCount };
    return content;
  }
  const html =
    source === 'html' ? input.html! : await templateHtml(db, ctx.scope, input.template!.trim(), 'template');
  if (source === 'html') checkTemplateHtml(html, 'html');
  const missing = findMissingVariables(html, buildMergeContext(input.mergeVariables, ctx.to, ctx.from));
  if (missing.length > 0)
    throw invalid(
      'mergeVariables',
      `is missing ${missing.map((m) => `"${m}"`).join(', ')}, used by the ${source}.`,
    );
  content.html = html;
  return content;
}

async function templateHtml(db: Queryable, scope: Scope, id: string, field: string): Promise<string> {
  if (!isId('template', id)) throw invalid(field, 'must be a template id (template_...).');
  const text = await getTemplateDoc(db, scope, id);
  if (!text) throw invalid(field, `refers to template ${id}, which does not exist.`);
  const template: Template = JSON.parse(text);
  if (!template.html) throw invalid(field, `${id} has no html.`);
  return template.html;
}
