import type { PDFDocument } from 'pdf-lib';
import { apiError, invalid } from '../../../platform/errors.js';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import { expectedFile, fileValue } from '../../../platform/supplied-file.js';

/** What one scan may be: a few pages of a piece of mail, small enough to forward within a letter. */
export const SCAN_LIMITS = Object.freeze({
  maxBytes: 20 * 1024 * 1024,
  /** Two scans and the forwarding cover stay within a letter's 60 pages. */
  maxPages: 20,
});

/**
 * The bytes of a scan as the operator API receives it: a multipart file part, or the PDF
 * itself in base64 or a data: URL (platform/supplied-file.ts); never a URL to fetch.
 */
export function scanBytes(value: unknown, field: string): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const file = fileValue(value, field, { what: 'PDF', urls: false });
  if (file.form === 'url') throw invalid(field, expectedFile({ what: 'PDF', urls: false })); // refused already
  return file.form === 'upload' ? file.file.data : file.bytes;
}

/**
 * Checks a scan is a PDF that can be shown and printed (pdf-lib reads it, not encrypted,
 * 1 to 20 pages, at most 20 MB): a 400 naming the field otherwise, before anything is stored.
 */
export async function checkScan(bytes: Uint8Array, field: string): Promise<PDFDocument> {
  if (bytes.length === 0) throw invalid(field, 'is an empty file.');
  if (bytes.length > SCAN_LIMITS.maxBytes)
    throw apiError('payload_too_large_error', `${field} is larger than a scan may be (20 MB).`);
  if (!Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) throw invalid(field, 'is not a PDF.');
  let doc: PDFDocument;
  let pages: number;
  try {
    doc = await pdfLib().PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
    // Counting walks the page tree, which is where a damaged file shows it.
    pages = doc.isEncrypted ? 0 : doc.getPageCount();
  } catch (err) {
    throw invalid(field, `is a PDF that cannot be read (${(err as Error).message.split('\n')[0]}).`);
  }
  if (doc.isEncrypted) throw invalid(field, 'is an encrypted PDF.');
  if (pages === 0) throw invalid(field, 'is a PDF without pages.');
  if (pages > SCAN_LIMITS.maxPages)
    throw invalid(field, `has ${pages} pages; a scan may have at most ${SCAN_LIMITS.maxPages}.`);
  return doc;
}
