import type pg from 'pg';
import type { Queryable } from '../../../db/pool.js';
import type { NamedStatement } from '../../../db/statement.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { cancelIfReady } from '../orders/cancel-order.js';
import { orderKindOfId } from '../orders/order-kinds.js';
import { lockOrder } from '../orders/orders.repo.js';

/** The contact a send did last (the page cursor), and how many orders it has made. */
export async function sendProgress(
  db: Queryable,
  campaignId: string,
): Promise<{ lastContactId: string | null; created: number; failed: number }> {
  const res = await db.query(
    `SELECT max(contact_id) AS last, count(order_id)::int AS created, count(error)::int AS failed
       FROM campaign_orders WHERE campaign_id = $1`,
    [campaignId],
  );
  return { lastContactId: res.rows[0].last, created: res.rows[0].created, failed: res.rows[0].failed };
}

/** Records what became of one contact: its order, or why there is none. */
export async function recordCampaignContact(
  db: Queryable,
  campaignId: string,
  contactId: string,
  outcome: { orderId: string } | { error: string },
): Promise<void> {
  await db.query(
    'INSERT INTO campaign_orders (campaign_id, contact_id, order_id, error) VALUES ($1, $2, $3, $4)',
    [
      campaignId,
      contactId,
      'orderId' in outcome ? outcome.orderId : null,
      'error' in outcome ? outcome.error : null,
    ],
  );
}

/** The same for many contacts, as a part of a composed statement (the page's orders written together). */
export function recordCampaignContactsPart(
  campaignId: string,
  outcomes: Array<{ contactId: string; orderId?: string; error?: string }>,
): NamedStatement {
  return {
    name: 'campaign_contacts',
    statement: {
      text: `INSERT INTO campaign_orders (campaign_id, contact_id, order_id, error)
             SELECT $1, r.contact_id, r.order_id, r.error
               FROM jsonb_to_recordset($2::jsonb) AS r(contact_id text, order_id text, error text)`,
      values: [
        campaignId,
        JSON.stringify(
          outcomes.map((o) => ({
            contact_id: o.contactId,
            order_id: o.orderId ?? null,
            error: o.error ?? null,
          })),
        ),
      ],
    },
  };
}

/** Every contact of a campaign with its order or error, in contact order (the processing report). */
export async function campaignOutcomes(
  db: Queryable,
  campaignId: string,
): Promise<Array<{ contactId: string; orderId: string | null; error: string | null }>> {
  const res = await db.query(
    `SELECT contact_id AS "contactId", order_id AS "orderId", error
       FROM campaign_orders WHERE campaign_id = $1 ORDER BY contact_id`,
    [campaignId],
  );
  return res.rows;
}

/** The statuses of a campaign's orders, with how many are in each. */
export async function campaignOrderStatuses(db: Queryable, campaignId: string): Promise<Map<string, number>> {
  const ids = await db.query(
    'SELECT order_id FROM campaign_orders WHERE campaign_id = $1 AND order_id IS NOT NULL',
    [campaignId],
  );
  const byKind = new Map<string, string[]>();
  for (const { order_id: id } of ids.rows) {
    const kind = orderKindOfId(id);
    if (kind) byKind.set(kind.table, [...(byKind.get(kind.table) ?? []), id]);
  }
  const counts = new Map<string, number>();
  for (const [table, orderIds] of byKind) {
    const res = await db.query(
      `SELECT status, count(*)::int AS n FROM ${table} WHERE id = ANY($1) GROUP BY status`,
      [orderIds],
    );
    for (const r of res.rows) counts.set(r.status, (counts.get(r.status) ?? 0) + r.n);
  }
  return counts;
}

/** Cancels a campaign's orders that have not started printing (a deleted ready campaign). */
export async function cancelCampaignOrders(
  tx: pg.PoolClient,
  campaignId: string,
  ctx: { now: Date; signer: UrlSigner },
): Promise<void> {
  const res = await tx.query(
    'SELECT order_id FROM campaign_orders WHERE campaign_id = $1 AND order_id IS NOT NULL ORDER BY order_id',
    [campaignId],
  );
  for (const { order_id: id } of res.rows) {
    const kind = orderKindOfId(id);
    const row = kind && (await lockOrder(tx, kind, id, null));
    if (kind && row)
      await cancelIfReady(
        tx,
        kind,
        row,
        { reason: 'user_initiated', note: `campaign ${campaignId} was deleted` },
        ctx,
      );
  }
}

/** The metadata of contacts (what a campaign's orders take from each contact beside its id). */
export async function contactsMetadata(
  db: Queryable,
  scope: { orgId: string; live: boolean },
  ids: string[],
): Promise<Map<string, Record<string, unknown> | undefined>> {
  const res = await db.query(
    "SELECT id, doc -> 'metadata' AS metadata FROM contacts WHERE id = ANY($1) AND org_id = $2 AND live = $3",
    [ids, scope.orgId, scope.live],
  );
  return new Map(res.rows.map((r) => [r.id as string, r.metadata ?? undefined]));
}
