import { type MailpieceRenderInput, mergeHtml, type RenderJob } from '../../../engines/render/index.js';
import type { RenderJobContext } from '../orders/order-kind.js';
import { orderMergeContext } from '../orders/order-merge.js';
import type { OrderRow } from '../orders/orders.repo.js';
import { storedBlob } from '../orders/stored-blob.js';
import type { TwoSidedSpec } from './two-sided.js';
import type { TwoSidedContent } from './two-sided-content.js';

/** A stored two-sided order as a render job: each side merged over its own snapshot, or its stored PDF. */
export async function twoSidedRenderJob(
  spec: TwoSidedSpec,
  row: OrderRow,
  ctx: RenderJobContext,
): Promise<RenderJob> {
  const doc = row.doc as Record<string, any>;
  const content = row.content as TwoSidedContent;
  const context = orderMergeContext(doc.mergeVariables, doc.to, doc.from, ctx);
  const [first, second] = (content.sides ?? []).map((s) => ({
    field: s.field,
    html: mergeHtml(s.html, context, s.field),
  }));
  const input: MailpieceRenderInput = {
    size: doc.size,
    content:
      content.kind === 'pdf'
        ? { kind: 'pdf', bytes: await storedBlob(ctx.blobs, content.pdf!.blobKey), field: 'pdf' }
        : { kind: 'html', sides: [first, second] },
    to: doc.to,
    from: doc.from ?? null,
  };
  return { kind: spec.name, input } as RenderJob;
}
