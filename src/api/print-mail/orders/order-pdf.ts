import type { PDFDocument } from 'pdf-lib';
import { LIMITS, PdfCheckError } from '../../../engines/render/index.js';
import { isUploadedFile, type UploadedFile } from '../../../platform/body-parsers.js';
import { invalid } from '../../../platform/errors.js';
import { SafeFetchError, safeFetch } from '../../../platform/safe-fetch.js';
import type { BlobStore } from '../../../storage/blob-store.js';

export interface SuppliedPdf {
  blobKey: string;
  pageCount: number;
  /** The URL it came from, or the uploaded file's name. */
  source: string;
}

/**
 * A PDF the caller supplies (`pdf`, `attachedPDF.file`): a URL fetched now with the safe-fetch
 * limits, or a multipart upload. It is checked at create by the kind's `check` (a PDF,
 * readable, not encrypted, pages of the right size and number) so bad files are a 400 naming
 * the field, and kept in the blob store so the render job never fetches again.
 */
export async function takeSuppliedPdf(
  value: unknown,
  field: string,
  opts: {
    allowPrivate: boolean;
    blobs: BlobStore;
    blobKey: string;
    /** The engine's checks for what the pages are for (loadCheckedPdf at a letter size, loadCardPdf...). */
    check: (bytes: Uint8Array) => Promise<PDFDocument>;
  },
): Promise<SuppliedPdf> {
  const { bytes, source } = await pdfBytes(value, field, opts.allowPrivate);
  try {
    const doc = await opts.check(bytes);
    await opts.blobs.put(opts.blobKey, bytes, { contentType: 'application/pdf' });
    return { blobKey: opts.blobKey, pageCount: doc.getPageCount(), source };
  } catch (err) {
    if (err instanceof PdfCheckError) throw invalid(field, `is not a usable PDF: ${err.message}.`);
    throw err;
  }
}

async function pdfBytes(value: unknown, field: string, allowPrivate: boolean) {
  if (isUploadedFile(value))
    return { bytes: new Uint8Array((value as UploadedFile).data), source: value.filename };
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim()))
    throw invalid(field, 'must be an http(s) URL of a PDF or an uploaded PDF file.');
  try {
    const res = await safeFetch(value.trim(), {
      allowPrivate,
      maxBytes: LIMITS.maxInputPdfBytes,
      timeoutMs: 15_000,
    });
    return { bytes: res.bytes, source: value.trim() };
  } catch (err) {
    if (err instanceof SafeFetchError) throw invalid(field, `could not be fetched: ${err.message}.`);
    throw err;
  }
}
