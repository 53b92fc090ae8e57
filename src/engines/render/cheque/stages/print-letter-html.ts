import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import { printDocument } from '../../print-document.js';
import type { ChequeStage } from '../cheque-job.js';

/** A letter in HTML is inlined and printed by Chromium on pages of the cheque's sheet size. */
export const printLetterHtml: ChequeStage = async (job, deps) => {
  const letter = job.input.letter;
  if (letter?.kind !== 'html') return;
  const { field } = letter;
  if (letter.html.length > LIMITS.maxHtmlChars) {
    const limit = LIMITS.maxHtmlChars / 1024 / 1024;
    throw new RenderInputError(field, `${field}: the HTML is over ${limit} MB`, 'too_large');
  }
  const max = LIMITS.maxLetterPages - 1;
  const printed = await printDocument(letter.html, job.size, deps, field, { maxPages: max });
  for (const warning of printed.warnings) job.warnings.add(warning);
  job.letter = await pdfLib().PDFDocument.load(printed.pdf, { updateMetadata: false });
  if (job.letter.getPageCount() > max) {
    const message = `${field}: the HTML prints to more than ${max} pages (the cheque takes one of the ${LIMITS.maxLetterPages})`;
    throw new RenderInputError(field, message, 'too_many_pages');
  }
};
