import type { LetterStage } from '../letter-job.js';

/**
 * Double-sided letters are printed as whole sheets. With insert_blank_page the address page's
 * back stays blank so the content starts on a fresh sheet, and a blank page is added at the
 * end when the count is odd, so a print batch of many letters never starts one letter on
 * the back of the previous one.
 */
export const padForDuplex: LetterStage = async (job) => {
  if (!job.input.doubleSided) return;
  const doc = job.doc!;
  const blank: [number, number] = [job.size.width, job.size.height];
  if (job.input.addressPlacement === 'insert_blank_page') doc.insertPage(1, blank);
  if (doc.getPageCount() % 2 === 1) doc.addPage(blank);
};
