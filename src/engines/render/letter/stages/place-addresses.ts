import { htmlToPdf } from '../../browser/html-to-pdf.js';
import { PdfCheckError } from '../../errors.js';
import { stampAddresses } from '../../pdf/stamp-addresses.js';
import type { PageSize } from '../../sizes.js';
import type { LetterStage } from '../letter-job.js';

/**
 * top_first_page: the addresses are stamped on the first page of the finished letter (the
 * attached PDF's first page when it goes before the content), over white boxes, so the
 * content must leave the window zones clear. insert_blank_page: a new first page carries
 * only the addresses and the content starts on the next page. Addresses in scripts the
 * standard PDF font lacks are printed by Chromium and laid over the page.
 */
export const placeAddresses: LetterStage = async (job, deps) => {
  const doc = job.doc!;
  const { input, size } = job;
  const printHtml = async (html: string, pageSize: PageSize) =>
    (await htmlToPdf(deps.pool, html, pageSize)).pdf;
  const stamp = { layout: job.layout, to: input.to, from: input.from, printHtml, imb: input.imb };
  if (input.addressPlacement === 'insert_blank_page') {
    const page = doc.insertPage(0, [size.width, size.height]);
    await stampAddresses(doc, page, stamp, job.warnings);
    return;
  }
  const first = doc.getPage(0);
  if (first.getRotation().angle % 360 !== 0) {
    const field = input.attachedPDF?.placement === 'before_template' ? 'attachedPDF' : job.contentField;
    const message = `${field}: the first page is rotated; the address cannot be placed on it (use insert_blank_page)`;
    throw new PdfCheckError(field, message, 'rotated_first_page');
  }
  await stampAddresses(doc, first, stamp, job.warnings);
};
