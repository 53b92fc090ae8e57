import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { lockDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { ApiError } from '../../../platform/errors.js';
import { type ListMember, mailingListMemberPage } from '../mailing-lists/mailing-list-members.repo.js';
import { holdOrderProfile } from '../order-profiles/profile-order-input.js';
import { insertOrdersTogether, writesTogether } from '../orders/order-create-many.js';
import type { OrderKind } from '../orders/order-kind.js';
import {
  insertOrder,
  type OrderCreateContext,
  type PreparedOrder,
  prepareOrder,
} from '../orders/order-service.js';
import type { Campaign } from './campaign.schema.js';
import { saveCampaign } from './campaign-change.js';
import { campaignOrderInput } from './campaign-order-input.js';
import {
  contactsMetadata,
  recordCampaignContact,
  recordCampaignContactsPart,
  sendProgress,
} from './campaign-orders.repo.js';
import { profileFieldOf } from './campaign-refs.js';
import { writeCampaignReport } from './campaign-report.js';

/** Contacts per transaction: big enough to amortize the commit, small enough to hold few locks briefly. */
export const SEND_PAGE = 100;

/**
 * Creates a sending campaign's orders, a page of contacts per transaction, each from the
 * member's own sender or else the campaign's default. Each page's orders, its campaign_orders
 * rows (the cursor) and the campaign's count commit together, so a send that crashes resumes
 * after the last committed contact and never makes an order twice. A contact whose order is
 * refused (its address, say) is recorded with the reason and skipped. A page's orders are
 * prepared together and written as one statement (orders/order-create-many.ts). When the list
 * is done the campaign is `ready`, with its report.
 */
export async function sendCampaign(
  pool: Pool,
  scope: Scope,
  id: string,
  ctx: () => OrderCreateContext,
  pageSize = SEND_PAGE,
): Promise<void> {
  for (;;) {
    const more = await withTransaction(pool, (tx) => sendPage(pool, tx, scope, id, ctx(), pageSize));
    if (!more) return;
  }
}

async function sendPage(
  pool: Pool,
  tx: pg.PoolClient,
  scope: Scope,
  id: string,
  ctx: OrderCreateContext,
  pageSize: number,
): Promise<boolean> {
  const campaign = await lockDoc<Campaign>(tx, 'campaigns', scope, id);
  if (campaign?.status !== 'creating_orders') return false;
  const progress = await sendProgress(tx, id);
  const members = await mailingListMemberPage(
    tx,
    scope,
    campaign.mailingList,
    progress.lastContactId,
    pageSize,
  );
  const field = profileFieldOf(campaign);
  // Held for the page: a delete of it waits until the page's orders are written.
  const found = field && (await holdOrderProfile(tx, scope, campaign[field]!));
  if (members.length === 0 || !found) {
    const gone = `The profile ${campaign[field!]} no longer exists.`;
    await endSend(tx, scope, campaign, ctx, found ? undefined : { type: 'processing_error', message: gone });
    return false;
  }
  const outcomes = await preparePage(pool, tx, scope, campaign, found, members, ctx);
  const together = outcomes.filter((o): o is Prepared => 'order' in o && writesTogether(o.order, ctx));
  const written = new Set<Outcome>(together);
  // The common page: every order written at once, with the cursor rows of them and of the refused.
  const recorded = outcomes.filter((o) => written.has(o) || 'error' in o);
  await insertOrdersTogether(
    tx,
    together.map((o) => o.order),
    ctx,
    [recordCampaignContactsPart(id, recorded.map(outcomeRow))],
  );
  let created = together.length;
  // Orders that claim something (a return envelope) go one by one, each under a savepoint:
  // a claim that does not hold refuses that order alone.
  for (const o of outcomes) {
    if (written.has(o) || !('order' in o)) continue;
    await tx.query('SAVEPOINT campaign_order');
    try {
      await insertOrder(tx, o.order, ctx);
      await tx.query('RELEASE SAVEPOINT campaign_order');
      await recordCampaignContact(tx, id, o.contactId, { orderId: o.order.id });
      created++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      await tx.query('ROLLBACK TO SAVEPOINT campaign_order');
      await recordCampaignContact(tx, id, o.contactId, { error: err.message });
    }
  }
  const next = { ...campaign, createdCount: progress.created + created, updatedAt: ctx.now.toISOString() };
  await saveCampaign(tx, scope, campaign, next, { now: ctx.now, signer: ctx.signer });
  return true;
}

type Prepared = { contactId: string; order: PreparedOrder };
type Outcome = Prepared | { contactId: string; error: string };

const outcomeRow = (o: Outcome) =>
  'order' in o ? { contactId: o.contactId, orderId: o.order.id } : { contactId: o.contactId, error: o.error };

/**
 * Each member's order, prepared (checked, content fixed, nothing written) or refused with the
 * reason. Prepared on the pool, all at once: that only reads, and the pool coalesces the page's
 * contact and template reads into a few queries (db/doc-batcher.ts) where the transaction
 * would send one each.
 */
async function preparePage(
  pool: Pool,
  tx: pg.PoolClient,
  scope: Scope,
  campaign: Campaign,
  found: { kind: OrderKind; profile: Record<string, unknown> },
  members: ListMember[],
  ctx: OrderCreateContext,
): Promise<Outcome[]> {
  const metadata = await contactsMetadata(
    tx,
    scope,
    members.flatMap((m) => (m.senderId ? [m.contactId, m.senderId] : [m.contactId])),
  );
  return Promise.all(
    members.map(async ({ contactId, senderId }): Promise<Outcome> => {
      try {
        const senderMetadata = senderId ? metadata.get(senderId) : undefined;
        const contact = { id: contactId, senderId, metadata: metadata.get(contactId), senderMetadata };
        const input = campaignOrderInput(campaign, found.kind, found.profile, contact, ctx.now);
        return { contactId, order: await prepareOrder(pool, found.kind, input, ctx) };
      } catch (err) {
        if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
        return { contactId, error: err.message };
      }
    }),
  );
}

/**
 * A send that failed on every retry (the send queue's dead letters): the campaign ends `ready`
 * with the orders it has, its report listing them, and an `internal_error` saying the rest were
 * not made, instead of creating_orders forever (it could be neither changed nor deleted).
 */
export async function failSend(pool: Pool, scope: Scope, id: string, ctx: OrderCreateContext): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const campaign = await lockDoc<Campaign>(tx, 'campaigns', scope, id);
    if (campaign?.status !== 'creating_orders') return;
    const { created } = await sendProgress(tx, id);
    await endSend(tx, scope, campaign, ctx, {
      type: 'internal_error',
      message: `Creating the orders stopped after several attempts, with ${created} made; the report lists them.`,
    });
  });
}

/** creating_orders → ready, with the report of what was made and why the rest was not. */
async function endSend(
  tx: pg.PoolClient,
  scope: Scope,
  campaign: Campaign,
  ctx: OrderCreateContext,
  error?: NonNullable<Campaign['errors']>[number],
): Promise<void> {
  const progress = await sendProgress(tx, campaign.id);
  const reportKey = await writeCampaignReport(tx, ctx.blobs, campaign);
  const done: Campaign = {
    ...campaign,
    status: 'ready',
    createdCount: progress.created,
    reportKey,
    ...(error ? { errors: [error] } : {}),
    updatedAt: ctx.now.toISOString(),
  };
  await saveCampaign(tx, scope, campaign, done, { now: ctx.now, signer: ctx.signer });
}
