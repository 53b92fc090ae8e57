import { invalid } from '../../../platform/errors.js';
import { randomBase58 } from '../../../platform/ids.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { DocumentContext } from '../documents/document-resource.js';
import { templateHtml } from '../orders/order-html.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import { checkOrderTrackers } from '../trackers/tracker-refs.js';
import { getPath, orderFieldsOf, setPath } from './profile-fields.js';
import type { ProfileFields, ProfileKind } from './profile-kind.js';
import { profileMailingClass } from './profile-mailing-class.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Checks a profile's fields as its orders will be checked, then keeps its supplied PDFs: the
 * fields to store. Cheap checks first (the kind's own `check`: exactly one content choice, ...),
 * then reads (templates of the caller's organization and mode, trackers, the kind's
 * references), then PDFs (fetched or uploaded, checked at the profile's size, stored). Any
 * problem is a 400 naming the field before the profile is written. Merge variables are not
 * required here: each order supplies its own, over the profile's defaults.
 */
export async function settleProfile(
  p: ProfileKind,
  id: string,
  fields: ProfileFields,
  ctx: DocumentContext,
  given: ReadonlySet<string>,
): Promise<ProfileFields> {
  // A blank form field is no value (profile.resource.ts), so the schema's `required` is not enough.
  for (const field of p.required) if (!present(fields[field])) throw invalid(field, 'is required.');
  checkMetadata(fields.metadata);
  if (fields.mailingClass !== undefined) fields.mailingClass = profileMailingClass(fields.mailingClass);
  p.kind.check(orderFieldsOf(p, fields));
  const content: string[] = [];
  for (const field of p.html.filter((f) => present(fields[f]))) {
    checkTemplateHtml(fields[field], field);
    content.push(fields[field]);
  }
  for (const field of p.templates.filter((f) => present(fields[f]))) {
    fields[field] = String(fields[field]).trim();
    content.push(await templateHtml(ctx.db, ctx.scope, fields[field], field));
  }
  const named = Object.fromEntries([...p.html, ...p.templates].map((f) => [f, fields[f]]));
  await checkOrderTrackers(ctx.db, ctx.scope, named, content);
  await p.checkRefs?.(fields, ctx, given);
  return keepPdfs(p, id, fields, ctx);
}

/**
 * Each supplied PDF checked and stored under a key of its own (never replaced, so orders made
 * from an earlier version keep theirs); one already stored is checked again, for the profile's
 * size as it is now. Its key is kept where the profile answers a link to it.
 */
async function keepPdfs(p: ProfileKind, id: string, fields: ProfileFields, ctx: DocumentContext) {
  const doc: ProfileFields = { ...fields };
  const pages: Record<string, number> = {};
  const mode = ctx.scope.live ? 'live' : 'test';
  for (const pdf of p.pdfs) {
    const value = getPath(fields, pdf.field);
    if (!present(value)) continue;
    const kept = await takeSuppliedPdf(value, pdf.field, {
      blobs: ctx.deps.blobs,
      allowPrivate: ctx.deps.config.allowPrivateUrls,
      blobKey: `uploads/${mode}/${id}-${randomBase58(10)}-${pdf.name}.pdf`,
      check: (bytes) => pdf.check(bytes, fields),
    });
    pages[pdf.field] = kept.pageCount;
    if (pdf.link !== pdf.field) delete doc[pdf.field];
    setPath(doc, pdf.link, kept.blobKey);
  }
  p.checkPages?.(pages);
  return doc;
}
