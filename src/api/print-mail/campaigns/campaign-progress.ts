import type { Pool } from '../../../db/pool.js';
import { lockDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { Campaign, CampaignStatus } from './campaign.schema.js';
import { saveCampaign } from './campaign-change.js';
import { campaignOrderStatuses } from './campaign-orders.repo.js';

const PAST_PRINTING = ['processed_for_delivery', 'completed'];

/** Where a sent campaign stands, from its orders: printing once one prints, processed once none is left to. */
function statusFromOrders(current: CampaignStatus, counts: Map<string, number>): CampaignStatus {
  const n = (s: string) => counts.get(s) ?? 0;
  const past = PAST_PRINTING.reduce((sum, s) => sum + n(s), 0);
  if (past > 0 && n('ready') === 0 && n('printing') === 0) return 'processed_for_delivery';
  if (n('printing') > 0 || past > 0) return 'printing';
  return current;
}

/** Moves every sent campaign on as its orders move (the campaign-progress job, each minute). */
export async function advanceCampaigns(
  pool: Pool,
  ctx: { now: () => Date; signer: UrlSigner },
): Promise<number> {
  const res = await pool.query(
    `SELECT id, org_id AS "orgId", live FROM campaigns
      WHERE doc @> '{"status": "ready"}' OR doc @> '{"status": "printing"}'`,
  );
  let moved = 0;
  for (const { id, orgId, live } of res.rows) {
    const scope: Scope = { orgId, live };
    const counts = await campaignOrderStatuses(pool, id);
    await withTransaction(pool, async (tx) => {
      const campaign = await lockDoc<Campaign>(tx, 'campaigns', scope, id);
      if (!campaign || (campaign.status !== 'ready' && campaign.status !== 'printing')) return;
      const status = statusFromOrders(campaign.status, counts);
      if (status === campaign.status) return;
      const now = ctx.now();
      await saveCampaign(
        tx,
        scope,
        campaign,
        { ...campaign, status, updatedAt: now.toISOString() },
        { now, signer: ctx.signer },
      );
      moved++;
    });
  }
  return moved;
}
