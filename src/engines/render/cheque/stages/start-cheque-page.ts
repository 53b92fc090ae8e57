import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import { ChequeCanvas } from '../cheque-canvas.js';
import type { ChequeStage } from '../cheque-job.js';

/** A new document with the blank cheque page and the three standard fonts the cheque uses. */
export const startChequePage: ChequeStage = async (job) => {
  const { PDFDocument, StandardFonts } = pdfLib();
  const doc = await PDFDocument.create();
  const page = doc.addPage([job.size.width, job.size.height]);
  job.doc = doc;
  job.canvas = new ChequeCanvas(page, job.warnings);
  job.fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    script: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
};
