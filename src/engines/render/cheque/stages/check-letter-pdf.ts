import { LIMITS } from '../../limits.js';
import { loadCheckedPdf } from '../../pdf/load-checked-pdf.js';
import type { ChequeStage } from '../cheque-job.js';

/**
 * A supplied letter PDF passes the uploaded-PDF checks at the cheque's sheet size, and leaves
 * room for the cheque page within the letter page limit.
 */
export const checkLetterPdf: ChequeStage = async (job) => {
  const letter = job.input.letter;
  if (letter?.kind !== 'pdf') return;
  job.letter = await loadCheckedPdf(letter.bytes, {
    field: letter.field,
    size: job.size,
    sizeName: job.input.size,
    maxPages: Math.min(LIMITS.maxInputPdfPages, LIMITS.maxLetterPages - 1),
  });
};
