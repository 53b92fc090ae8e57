import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { lockDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { ApiError } from '../../../platform/errors.js';
import { mailingListMembers } from '../mailing-lists/mailing-list-members.repo.js';
import { getOrderProfile } from '../order-profiles/profile-order-input.js';
import { createOrder, type OrderCreateContext } from '../orders/order-service.js';
import type { Campaign } from './campaign.schema.js';
import { saveCampaign } from './campaign-change.js';
import { campaignOrderInput } from './campaign-order-input.js';
import { contactsMetadata, recordCampaignContact, sendProgress } from './campaign-orders.repo.js';
import { profileFieldOf } from './campaign-refs.js';
import { writeCampaignReport } from './campaign-report.js';

/** Contacts per transaction: big enough to amortize the commit, small enough to hold few locks briefly. */
export const SEND_PAGE = 100;

/**
 * Creates a sending campaign's orders, a page of contacts per transaction. Each page's orders,
 * its campaign_orders rows (the cursor) and the campaign's count commit together, so a send
 * that crashes resumes after the last committed contact and never makes an order twice. A
 * contact whose order is refused (its address, say) is recorded with the reason and skipped.
 * When the list is done the campaign is `ready`, with its report.
 */
export async function sendCampaign(
  pool: Pool,
  scope: Scope,
  id: string,
  ctx: () => OrderCreateContext,
  pageSize = SEND_PAGE,
): Promise<void> {
  for (;;) {
    const more = await withTransaction(pool, (tx) => sendPage(tx, scope, id, ctx(), pageSize));
    if (!more) return;
  }
}

async function sendPage(
  tx: pg.PoolClient,
  scope: Scope,
  id: string,
  ctx: OrderCreateContext,
  pageSize: number,
): Promise<boolean> {
  const campaign = await lockDoc<Campaign>(tx, 'campaigns', scope, id);
  if (campaign?.status !== 'creating_orders') return false;
  const progress = await sendProgress(tx, id);
  const contacts = await mailingListMembers(
    tx,
    scope,
    campaign.mailingList,
    progress.lastContactId,
    pageSize,
  );
  const field = profileFieldOf(campaign);
  const found = field && (await getOrderProfile(tx, scope, campaign[field]!));
  const now = ctx.now;
  if (contacts.length === 0 || !found) {
    const reportKey = await writeCampaignReport(tx, ctx.blobs, campaign);
    const done: Campaign = {
      ...campaign,
      status: 'ready',
      createdCount: progress.created,
      reportKey,
      ...(found
        ? {}
        : {
            errors: [
              { type: 'processing_error', message: `The profile ${campaign[field!]} no longer exists.` },
            ],
          }),
      updatedAt: now.toISOString(),
    };
    await saveCampaign(tx, scope, campaign, done, { now, signer: ctx.signer });
    return false;
  }
  let created = 0;
  const metadata = await contactsMetadata(tx, scope, contacts);
  for (const contactId of contacts) {
    await tx.query('SAVEPOINT campaign_order');
    try {
      const contact = { id: contactId, metadata: metadata.get(contactId) };
      const input = campaignOrderInput(campaign, found.kind, found.profile, contact);
      const order = await createOrder(tx, found.kind, input, ctx);
      await tx.query('RELEASE SAVEPOINT campaign_order');
      await recordCampaignContact(tx, id, contactId, { orderId: order.id as string });
      created++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      await tx.query('ROLLBACK TO SAVEPOINT campaign_order');
      await recordCampaignContact(tx, id, contactId, { error: err.message });
    }
  }
  const next = { ...campaign, createdCount: progress.created + created, updatedAt: now.toISOString() };
  await saveCampaign(tx, scope, campaign, next, { now, signer: ctx.signer });
  return true;
}
