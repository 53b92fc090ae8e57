import type { PDFDocument } from 'pdf-lib';
import { PdfCheckError } from '../errors.js';
import { loadCheckedPdf } from '../pdf/load-checked-pdf.js';
import { kindName, type MailpieceFormat } from './mailpiece-format.js';

/**
 * The uploaded-PDF checks for a postcard or self mailer: a readable, unencrypted PDF of
 * exactly two pages (page 1, page 2 in the format's names), each either the full bleed size
 * or the trim size, in the format's orientation. The API calls this at create time for a
 * 400; the render checks again, since a URL's PDF is fetched later.
 */
export async function loadMailpiecePdf(
  bytes: Uint8Array,
  field: string,
  format: MailpieceFormat,
): Promise<PDFDocument> {
  const doc = await loadCheckedPdf(bytes, {
    field,
    size: format.page,
    sizeLabel: 'with bleed',
    orSize: { size: format.trim, label: 'trim' },
    sizeName: format.size,
    document: kindName(format),
    maxPages: 2,
  });
  if (doc.getPageCount() !== 2) {
    // Only a one-page PDF gets here: maxPages refused longer ones.
    const message = `${field}: the PDF has 1 page; a ${format.size} ${kindName(format)} needs 2 (${format.pageNames.join(', ')})`;
    throw new PdfCheckError(field, message, 'page_count');
  }
  return doc;
}
