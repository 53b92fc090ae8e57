import { loadMailpiecePdf } from '../load-mailpiece-pdf.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/** Checks an uploaded PDF before any work is spent on the piece; its pages become the sides. */
export const checkSuppliedPdf: MailpieceStage = async (job) => {
  const { content } = job.input;
  if (content.kind !== 'pdf') return;
  const doc = await loadMailpiecePdf(content.bytes, content.field, job.format);
  job.sides = doc.getPages();
};
