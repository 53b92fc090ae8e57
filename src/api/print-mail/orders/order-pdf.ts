import type { PDFDocument } from 'pdf-lib';
import { LIMITS, PdfCheckError } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { suppliedFileBytes } from '../../../platform/supplied-file.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { storedBlob } from './stored-blob.js';

export interface SuppliedPdf {
  blobKey: string;
  pageCount: number;
  /** The URL it came from, or the uploaded file's name. */
  source: string;
}

/**
 * A PDF already in the blob store, checked when it was supplied: an order profile's upload,
 * which every order made from the profile uses (order-profiles/profile-order-input.ts). Only
 * server code can make one: it is marked by a symbol private to this module, which no body
 * parser (JSON, form, multipart) can produce, so a client can never name a stored file by
 * its key. The mark survives copies that keep symbol keys (spread, TypeBox's Value.Clone),
 * not JSON: a serialized body must be made again. The file is never replaced (each upload
 * has a key of its own), so orders use it where it is instead of copying it once per order.
 */
export interface StoredPdf {
  blobKey: string;
  /** What the order names it by, as it names an upload by its filename. */
  filename: string;
}

const STORED_PDF = Symbol('stored PDF');

export const storedPdf = (blobKey: string, filename: string): StoredPdf =>
  ({ [STORED_PDF]: true, blobKey, filename }) as StoredPdf;

const isStoredPdf = (value: unknown): value is StoredPdf =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[STORED_PDF] === true;

/**
 * A PDF the caller supplies (`pdf`, `attachedPDF.file`): a URL fetched now with the safe-fetch
 * limits, the PDF itself in base64 or a data: URL, or a multipart upload
 * (platform/supplied-file.ts). It is checked at create by the kind's `check` (a PDF,
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
  const stored = isStoredPdf(value) ? value : undefined;
  const { bytes, source } = stored
    ? { bytes: await storedBlob(opts.blobs, stored.blobKey), source: stored.filename }
    : await pdfBytes(value, field, opts.allowPrivate);
  try {
    // A stored PDF is checked again too: for what this order makes of it (its size).
    const doc = await opts.check(bytes);
    if (stored) return { blobKey: stored.blobKey, pageCount: doc.getPageCount(), source };
    await opts.blobs.put(opts.blobKey, bytes, { contentType: 'application/pdf' });
    return { blobKey: opts.blobKey, pageCount: doc.getPageCount(), source };
  } catch (err) {
    if (err instanceof PdfCheckError) throw invalid(field, `is not a usable PDF: ${err.message}.`);
    throw err;
  }
}

async function pdfBytes(value: unknown, field: string, allowPrivate: boolean) {
  const file = await suppliedFileBytes(value, field, {
    what: 'PDF',
    urls: true,
    allowPrivate,
    maxBytes: LIMITS.maxInputPdfBytes,
    timeoutMs: 15_000,
  });
  return { bytes: file.bytes, source: file.source };
}
