import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import { renderCheque } from '../../cheque/render-cheque.js';
import { RenderInputError } from '../../errors.js';
import type { BoxStage } from '../box-job.js';

/**
 * Every cheque rendered as a cheque on its own, one after another, after a blank first page
 * the packing page is drawn on. An error names the cheque: `cheques[3].amount`.
 */
export const renderBoxCheques: BoxStage = async (job, deps) => {
  const doc = await pdfLib().PDFDocument.create();
  doc.addPage([612, 792]);
  for (const [i, input] of job.input.cheques.entries()) {
    let cheque: Awaited<ReturnType<typeof renderCheque>>;
    try {
      cheque = await renderCheque(input, deps);
    } catch (err) {
      if (err instanceof RenderInputError) {
        const field = `cheques[${i}].${err.field}`;
        throw new RenderInputError(field, `cheques[${i}]: ${err.message}`, err.code);
      }
      throw err;
    }
    for (const w of cheque.warnings) job.warnings.add(`cheques[${i}]: ${w}`);
    job.chequePages.push(doc.getPageCount() + 1);
    const source = await pdfLib().PDFDocument.load(cheque.pdf);
    for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  }
  job.doc = doc;
};
