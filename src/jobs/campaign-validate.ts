import type { Campaign } from '../api/print-mail/campaigns/campaign.schema.js';
import { saveCampaign } from '../api/print-mail/campaigns/campaign-change.js';
import { checkCampaign } from '../api/print-mail/campaigns/campaign-check.js';
import { CAMPAIGN_JOBS, type CampaignJobData } from '../api/print-mail/campaigns/campaign-jobs.js';
import { getDoc, lockDoc } from '../db/resources.repo.js';
import { withTransaction } from '../db/tx.js';
import { campaignOrderContext } from './campaign-send.js';
import type { JobDefinition } from './registry.js';

/** How long a campaign waits for its list's running job before it looks again. */
const LIST_WAIT_SECONDS = 2;

/** drafting → draft, or changes_required with what to fix (api/.../campaign-check.ts). */
export const validateCampaign: JobDefinition<CampaignJobData> = {
  name: CAMPAIGN_JOBS.validate,
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    const text = await getDoc(ctx.pool, 'campaigns', scope, data.id);
    const seen: Campaign | undefined = text && JSON.parse(text);
    if (seen?.status !== 'drafting') return;
    const check = await checkCampaign(ctx.pool, scope, seen, await campaignOrderContext(ctx, scope));
    if (check.kind === 'wait') {
      await ctx.boss.send(CAMPAIGN_JOBS.validate, data, { startAfter: LIST_WAIT_SECONDS });
      return;
    }
    await withTransaction(ctx.pool, async (tx) => {
      const campaign = await lockDoc<Campaign>(tx, 'campaigns', scope, data.id);
      // Changed meanwhile: the change queued its own check.
      if (!campaign || campaign.updatedAt !== seen.updatedAt || campaign.status !== 'drafting') return;
      const now = ctx.clock.now();
      const next: Campaign = check.problems.length
        ? {
            ...campaign,
            status: 'changes_required',
            errors: check.problems.map((message) => ({ type: 'processing_error' as const, message })),
          }
        : { ...campaign, status: 'draft' };
      await saveCampaign(
        tx,
        scope,
        campaign,
        { ...next, updatedAt: now.toISOString() },
        { now, signer: ctx.signer },
      );
    });
  },
};
