import { PdfCheckError, RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import type { ChequeStage } from '../cheque-job.js';

/** The letter's pages follow the cheque page; the whole stays within the letter page limit. */
export const appendLetter: ChequeStage = async (job) => {
  const { letter } = job;
  const field = job.input.letter?.field ?? 'letter';
  if (!letter) return;
  const doc = job.doc!;
  let pages: Awaited<ReturnType<typeof doc.copyPages>>;
  try {
    pages = await doc.copyPages(letter, letter.getPageIndices());
  } catch (err) {
    const why = (err as Error).message.split('\n')[0];
    throw new PdfCheckError(field, `${field}: the PDF's pages cannot be read (${why})`, 'corrupt');
  }
  for (const page of pages) doc.addPage(page);
  if (doc.getPageCount() > LIMITS.maxLetterPages) {
    const message = `${field}: the cheque and letter would have ${doc.getPageCount()} pages; the limit is ${LIMITS.maxLetterPages}`;
    throw new RenderInputError(field, message, 'too_many_pages');
  }
};
