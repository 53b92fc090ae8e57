import { LIMITS } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import type { DocumentContext } from '../documents/document-resource.js';
import type { ProfileSpec } from '../order-profiles/profile-kind.js';
import { letterPagesPdf } from '../order-profiles/profile-pdfs.js';
import { envelopeAvailable } from '../return-envelopes/return-envelopes.repo.js';

/** A letter profile: a letter's settings and content, its PDFs kept for its orders. */
export const LETTER_PROFILE: ProfileSpec = {
  fields: [
    ...['size', 'template', 'html', 'pdf', 'attachedPDF', 'addressPlacement', 'color', 'doubleSided'],
    ...['envelope', 'perforatedPage', 'returnEnvelope'],
  ],
  required: ['size'],
  templates: ['template'],
  html: ['html'],
  pdfs: [
    letterPagesPdf('pdf', 'uploadedPDF', 'content'),
    letterPagesPdf('attachedPDF.file', 'attachedPDF.file', 'attached'),
  ],
  checkRefs: (p, ctx) => checkReturnEnvelopeExists(p.returnEnvelope, ctx),
  // As letterContent: a PDF letter and its attachment together fit in one letter.
  checkPages: (pages) => {
    if (pages.pdf !== undefined && pages.pdf + (pages['attachedPDF.file'] ?? 0) > LIMITS.maxLetterPages)
      throw invalid('pdf', `and attachedPDF together exceed ${LIMITS.maxLetterPages} pages.`);
  },
};

/**
 * A letter's return envelope is the caller's. Not whether one is available: envelopes are
 * ordered and filled over time, and each letter takes one when it is created.
 */
async function checkReturnEnvelopeExists(id: string | undefined, ctx: DocumentContext): Promise<void> {
  if (id === undefined) return;
  if ((await envelopeAvailable(ctx.db, ctx.scope, id)) === undefined)
    throw invalid('returnEnvelope', `refers to return envelope ${id}, which does not exist.`);
}
