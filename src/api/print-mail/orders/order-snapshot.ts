import type { UrlSigner } from '../../../platform/signed-url.js';

export interface FileKeys {
  pdfKey: string | null;
  uploadedKey?: string | null;
}

/**
 * Adds the signed links to a stored order doc (JSON text): `url` once the PDF is rendered and
 * `uploadedPDF` for uploaded content. They are signed afresh on every read, never stored.
 * Works on the text so a GET still sends the stored JSON without parsing it.
 */
export function withLinks(docText: string, keys: FileKeys | undefined, signer: UrlSigner): string {
  const links: Record<string, string> = {};
  if (keys?.uploadedKey) links.uploadedPDF = signer.urlFor(keys.uploadedKey);
  if (keys?.pdfKey) links.url = signer.urlFor(keys.pdfKey);
  const extra = JSON.stringify(links).slice(1, -1);
  if (!extra) return docText;
  return `${docText.slice(0, docText.lastIndexOf('}'))},${extra}}`;
}

/** The same for an order object (event snapshots, create responses). */
export function snapshotOf(
  doc: Record<string, unknown> & { id: string },
  keys: FileKeys,
  signer: UrlSigner,
): Record<string, unknown> & { id: string } {
  return {
    ...doc,
    ...(keys.uploadedKey ? { uploadedPDF: signer.urlFor(keys.uploadedKey) } : {}),
    ...(keys.pdfKey ? { url: signer.urlFor(keys.pdfKey) } : {}),
  };
}
