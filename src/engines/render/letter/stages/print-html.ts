import { PDFDocument } from 'pdf-lib';
import { htmlToPdf } from '../../browser/html-to-pdf.js';
import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import type { LetterStage } from '../letter-job.js';

/** Chromium prints the inlined HTML at the letter size; pdf-lib takes it from there. */
export const printHtml: LetterStage = async (job, deps) => {
  if (job.html === undefined) return;
  const max = LIMITS.maxLetterPages;
  const printed = await htmlToPdf(deps.pool, job.html, job.size, { maxPages: max });
  for (const url of new Set(printed.blocked)) {
    job.warnings.add(`the document tried to load ${url}; it was blocked`);
  }
  job.doc = await PDFDocument.load(printed.pdf, { updateMetadata: false });
  if (job.doc.getPageCount() > max) {
    const message = `${job.contentField}: the HTML prints to more than ${max} pages`;
    throw new RenderInputError(job.contentField, message, 'too_many_pages');
  }
};
