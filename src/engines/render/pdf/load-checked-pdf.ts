import type { PDFDocument, PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import { PdfCheckError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { PAGE_SIZE_TOLERANCE_PT, type PageSize } from '../sizes.js';

export interface PdfCheckOptions {
  /** The request field the bytes came from, named in every error (`pdf`, `attachedPDF`). */
  field: string;
  size: PageSize;
  /** Used in messages, e.g. `us_letter`. */
  sizeName: string;
  /** What the pages are for, in messages; default `letter`. */
  document?: string;
  maxPages?: number;
  /**
   * A second size a page may have instead, in the same orientation (a mailpiece takes its
   * bleed size or its trim size). Both sizes are then labelled in messages.
   */
  orSize?: { size: PageSize; label: string };
  /** How `size` is labelled in messages when `orSize` is given, e.g. `with bleed`. */
  sizeLabel?: string;
}

/**
 * Loads a caller-supplied PDF and checks it can be printed as part of a letter (or a plastic
 * card, postcard, self mailer): it is a PDF, parses, is not encrypted, has 1..maxPages pages,
 * and every page is the size (or orSize) in its orientation (a page rotated by 90° counts by
 * its visible shape).
 */
export async function loadCheckedPdf(bytes: Uint8Array, opts: PdfCheckOptions): Promise<PDFDocument> {
  const fail = (code: string, why: string) => new PdfCheckError(opts.field, `${opts.field}: ${why}`, code);
  if (bytes.length === 0) throw fail('empty', 'the file is empty');
  if (bytes.length > LIMITS.maxInputPdfBytes) {
    throw fail(
      'too_large',
      `the file is ${mb(bytes.length)} MB; the limit is ${mb(LIMITS.maxInputPdfBytes)} MB`,
    );
  }
  if (!Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) throw fail('not_pdf', 'the file is not a PDF');
  let doc: PDFDocument;
  let pageCount: number;
  try {
    // ignoreEncryption so encryption is reported by name below (pdf-lib's own error class
    // does not survive instanceof), not as an unreadable file
    doc = await pdfLib().PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
    pageCount = doc.isEncrypted ? 0 : doc.getPageCount();
  } catch (err) {
    throw fail('corrupt', `the PDF cannot be read (${(err as Error).message.split('\n')[0]})`);
  }
  if (doc.isEncrypted) throw fail('encrypted', 'the PDF is encrypted or password-protected');
  if (pageCount === 0) throw fail('corrupt', 'the PDF has no pages');
  const maxPages = opts.maxPages ?? LIMITS.maxInputPdfPages;
  if (pageCount > maxPages)
    throw fail('too_many_pages', `the PDF has ${pageCount} pages; the limit is ${maxPages}`);
  const sizes = [{ size: opts.size, label: opts.sizeLabel }, ...(opts.orSize ? [opts.orSize] : [])];
  for (const [i, page] of doc.getPages().entries()) {
    const [w, h] = visibleSize(page, fail);
    const fits = (a: number, b: number) => Math.abs(a - b) <= PAGE_SIZE_TOLERANCE_PT;
    if (!sizes.some(({ size }) => fits(w, size.width) && fits(h, size.height))) {
      const needed = sizes.map(({ size, label }) => described(size, opts.orSize && label)).join(' or ');
      throw fail(
        'page_size',
        `page ${i + 1} is ${inches(w)} × ${inches(h)} in; a ${opts.sizeName} ${opts.document ?? 'letter'} ` +
          `needs ${needed} ${orientation(opts.size)} pages`,
      );
    }
  }
  return doc;
}

const described = (size: PageSize, label?: string) =>
  `${inches(size.width, 3)} × ${inches(size.height, 3)} in${label ? ` (${label})` : ''}`;

/** Width and height as the page is seen: a page rotated by 90° shows its MediaBox sideways. */
function visibleSize(page: PDFPage, fail: (code: string, why: string) => Error): [number, number] {
  try {
    const { width, height } = page.getSize();
    const turned = Math.abs(page.getRotation().angle) % 180 === 90;
    return turned ? [height, width] : [width, height];
  } catch (err) {
    throw fail('corrupt', `a page cannot be read (${(err as Error).message.split('\n')[0]})`);
  }
}

const orientation = (size: PageSize) => (size.width > size.height ? 'landscape' : 'portrait');
/** The needed size is written to 3 decimals (3.375 in), what the file has to 2. */
const inches = (pt: number, digits = 2) => (pt / 72).toFixed(digits).replace(/\.?0+$/, '');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '');
