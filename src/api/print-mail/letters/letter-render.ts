import {
  buildMergeContext,
  type LetterRenderer,
  type LetterRenderInput,
  type LetterRenderResult,
  mergeHtml,
} from '../../../engines/render/index.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { OrderRow } from '../orders/orders.repo.js';
import type { LetterContent } from './letter-content.js';

/** Renders a stored letter: merges its HTML over its own snapshot, or takes its stored PDF. */
export async function renderStoredLetter(
  row: OrderRow,
  blobs: BlobStore,
  renderer: LetterRenderer,
): Promise<LetterRenderResult> {
  const doc = row.doc as Record<string, any>;
  const content = row.content as LetterContent;
  const input: LetterRenderInput = {
    size: doc.size,
    content:
      content.kind === 'pdf'
        ? { kind: 'pdf', bytes: await blobBytes(blobs, content.pdf!.blobKey) }
        : {
            kind: 'html',
            html: mergeHtml(content.html!, buildMergeContext(doc.mergeVariables, doc.to, doc.from)),
          },
    to: doc.to,
    from: doc.from,
    addressPlacement: doc.addressPlacement,
    doubleSided: doc.doubleSided,
    color: doc.color,
    attachedPDF: content.attached
      ? { bytes: await blobBytes(blobs, content.attached.blobKey), placement: content.attached.placement }
      : null,
    perforatedPage: doc.perforatedPage ?? null,
  };
  return renderer.render(input);
}

async function blobBytes(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const blob = await blobs.get(key);
  // A missing upload is the server's fault (lost data dir), not the caller's: fail retryably.
  if (!blob) throw new Error(`blob ${key} is missing from the blob store`);
  return blob.bytes;
}
