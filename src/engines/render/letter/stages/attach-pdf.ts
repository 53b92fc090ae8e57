import { PdfCheckError } from '../../errors.js';
import type { LetterStage } from '../letter-job.js';

/** Puts the attached PDF's pages before or after the content. */
export const attachPdf: LetterStage = async (job) => {
  const { attached, doc } = job;
  const placement = job.input.attachedPDF?.placement;
  if (!attached || !doc || !placement) return;
  let pages: Awaited<ReturnType<typeof doc.copyPages>>;
  try {
    pages = await doc.copyPages(attached, attached.getPageIndices());
  } catch (err) {
    const why = (err as Error).message.split('\n')[0];
    throw new PdfCheckError('attachedPDF', `attachedPDF: the PDF's pages cannot be read (${why})`, 'corrupt');
  }
  if (placement === 'before_template') {
    for (const [i, page] of pages.entries()) doc.insertPage(i, page);
  } else {
    for (const page of pages) doc.addPage(page);
  }
};
