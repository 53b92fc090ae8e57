import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import { printSides } from '../../print-sides.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/**
 * Both HTML sides are printed by Chromium in one document, one page of the full bleed size
 * each, so a background can run past the cut. Each side is isolated from the other and cut off
 * at its page's edge: a piece is a fixed artboard, and what the preview shows is what prints.
 */
export const printHtmlSides: MailpieceStage = async (job, deps) => {
  const { content } = job.input;
  if (content.kind !== 'html') return;
  for (const side of content.sides) {
    if (side.html.length > LIMITS.maxHtmlChars) {
      const limit = LIMITS.maxHtmlChars / 1024 / 1024;
      throw new RenderInputError(side.field, `${side.field}: the HTML is over ${limit} MB`, 'too_large');
    }
  }
  const printed = await printSides(content.sides, job.format.page, deps);
  const { doc } = printed;
  // The sheet gives every side exactly one page; anything else is a fault of the printing.
  if (doc.getPageCount() !== content.sides.length) {
    throw new Error(`Chromium printed ${doc.getPageCount()} pages for ${content.sides.length} sides`);
  }
  for (const warning of printed.warnings) job.warnings.add(warning);
  job.sides = doc.getPages();
  job.printed = doc;
};
