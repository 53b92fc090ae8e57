import { loadCheckedPdf } from '../../pdf/load-checked-pdf.js';
import type { LetterStage } from '../letter-job.js';

/** Checks every PDF the caller supplied before any rendering work is spent on the letter. */
export const checkSuppliedPdfs: LetterStage = async (job) => {
  const { input, size } = job;
  const common = { size, sizeName: input.size };
  if (input.content.kind === 'pdf') {
    job.doc = await loadCheckedPdf(input.content.bytes, { ...common, field: job.contentField });
  }
  if (input.attachedPDF) {
    job.attached = await loadCheckedPdf(input.attachedPDF.bytes, { ...common, field: 'attachedPDF' });
  }
};
