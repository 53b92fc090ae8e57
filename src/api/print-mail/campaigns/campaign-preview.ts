import type { RenderJob } from '../../../engines/render/index.js';
import type { Contact } from '../contacts/contact.schema.js';
import { orderDoc } from '../orders/order-doc.js';
import type { RenderJobContext } from '../orders/order-kind.js';
import type { PreparedOrder } from '../orders/order-service.js';
import type { OrderRow } from '../orders/orders.repo.js';

/**
 * The render job of a campaign's first order, prepared but never written: its
 * `orderPreviewURL`. Made as the kind makes any order's (the same doc and content), so the
 * preview is what that order will print. Its trackers print nothing: a preview has no links.
 */
export async function campaignPreviewJob(
  order: PreparedOrder,
  facts: { orgId: string; live: boolean; now: Date },
  ctx: Omit<RenderJobContext, 'serverValues'>,
): Promise<RenderJob> {
  const contacts: Record<string, Contact> = {};
  for (const [party, contact] of Object.entries(order.contacts)) {
    // A campaign's parties are contacts by id, so they are stored ones.
    if (!('stored' in contact)) throw new Error(`a campaign order's ${party} is not a stored contact`);
    contacts[party] = contact.stored;
  }
  const doc = orderDoc(order.kind, order.input, order.content, {
    id: order.id,
    live: facts.live,
    contacts,
    mailingClass: order.mailingClass,
    sendDate: order.sendDate,
    now: facts.now,
  });
  const row: OrderRow = {
    id: order.id,
    orgId: facts.orgId,
    live: facts.live,
    status: 'ready',
    doc,
    content: order.content as OrderRow['content'],
    pdfKey: null,
    nextStepAt: null,
    printBatchId: null,
  };
  return order.kind.renderJob(row, { ...ctx, serverValues: {} });
}
