import { PDFDocument } from 'pdf-lib';
import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import { printDocument } from '../../print-document.js';
import { kindName } from '../mailpiece-format.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/**
 * Each HTML side is printed on one page of the full bleed size, so a background can run past
 * the cut. A side that needs a second page is refused: artwork cut in half is worse than none.
 * Sides are printed one after the other, so the first side at fault is the one reported.
 */
export const printHtmlSides: MailpieceStage = async (job, deps) => {
  const { content } = job.input;
  if (content.kind !== 'html') return;
  const { format } = job;
  const sides = [];
  for (const [i, side] of content.sides.entries()) {
    if (side.html.length > LIMITS.maxHtmlChars) {
      const limit = LIMITS.maxHtmlChars / 1024 / 1024;
      throw new RenderInputError(side.field, `${side.field}: the HTML is over ${limit} MB`, 'too_large');
    }
    // One page past the one allowed is enough to tell the side overflows.
    const printed = await printDocument(side.html, format.page, deps, side.field, { maxPages: 1 });
    const doc = await PDFDocument.load(printed.pdf, { updateMetadata: false });
    if (doc.getPageCount() !== 1) {
      const page = `${format.page.width / 72} × ${format.page.height / 72} in`;
      const message = `${side.field}: the HTML prints to more than one page; the ${format.pageNames[i]} of a ${format.size} ${kindName(format)} is one ${page} page (with bleed)`;
      throw new RenderInputError(side.field, message, 'too_many_pages');
    }
    for (const warning of printed.warnings) job.warnings.add(warning);
    sides.push(doc.getPage(0));
  }
  job.sides = sides;
};
