import {
  type CardRenderInput,
  type LetterRenderInput,
  type MergeContext,
  mergeHtml,
  type RenderJob,
} from '../../../engines/render/index.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { RenderJobContext } from '../orders/order-kind.js';
import { orderMergeContext } from '../orders/order-merge.js';
import type { OrderRow } from '../orders/orders.repo.js';
import { storedBlob } from '../orders/stored-blob.js';
import type { LetterContent } from './letter-content.js';
import type { CardContent } from './plastic-card-content.js';

/** A stored letter as a render job: its HTML merged over its own snapshot, or its stored PDF. */
export async function letterRenderJob(row: OrderRow, ctx: RenderJobContext): Promise<RenderJob> {
  const { blobs } = ctx;
  const doc = row.doc as Record<string, any>;
  const content = row.content as LetterContent;
  const context = orderMergeContext(doc.mergeVariables, doc.to, doc.from, ctx);
  const input: LetterRenderInput = {
    size: doc.size,
    content:
      content.kind === 'pdf'
        ? { kind: 'pdf', bytes: await storedBlob(blobs, content.pdf!.blobKey) }
        : { kind: 'html', html: mergeHtml(content.html!, context) },
    to: doc.to,
    from: doc.from,
    addressPlacement: doc.addressPlacement,
    doubleSided: doc.doubleSided,
    color: doc.color,
    attachedPDF: content.attached
      ? { bytes: await storedBlob(blobs, content.attached.blobKey), placement: content.attached.placement }
      : null,
    perforatedPage: doc.perforatedPage ?? null,
    plasticCard: await cardInput(content.card, context, blobs),
  };
  return { kind: 'letter', input };
}

/** The card's sides merged with the letter's own context; a card PDF as stored at create. */
async function cardInput(
  card: CardContent | undefined,
  context: MergeContext,
  blobs: BlobStore,
): Promise<CardRenderInput | null> {
  if (!card) return null;
  if (card.pdf)
    return {
      kind: 'pdf',
      field: `plasticCard.${card.sides === 1 ? 'singleSided' : 'doubleSided'}.pdf`,
      bytes: await storedBlob(blobs, card.pdf.blobKey),
      sides: card.sides,
    };
  return {
    kind: 'html',
    sides: card.html!.map((s) => ({ field: s.field, html: mergeHtml(s.html, context, s.field) })),
  };
}
