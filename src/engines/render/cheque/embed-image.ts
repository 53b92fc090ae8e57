import type { PDFDocument, PDFImage } from 'pdf-lib';
import { sniffType } from '../assets/sniff-type.js';
import { RenderInputError } from '../errors.js';

/** A PNG or JPEG (checked by checkChequeInput) embedded in the cheque; one that will not decode names its field. */
export async function embedImage(doc: PDFDocument, bytes: Uint8Array, field: string): Promise<PDFImage> {
  try {
    return sniffType(bytes, '') === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new RenderInputError(field, `${field}: the image cannot be read (${why})`);
  }
}
