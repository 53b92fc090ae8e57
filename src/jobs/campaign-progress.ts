import { CAMPAIGN_JOBS } from '../api/print-mail/campaigns/campaign-jobs.js';
import { advanceCampaigns } from '../api/print-mail/campaigns/campaign-progress.js';
import type { JobDefinition } from './registry.js';

/** Sent campaigns follow their orders: ready → printing → processed_for_delivery. */
export const campaignProgress: JobDefinition = {
  name: CAMPAIGN_JOBS.progress,
  cron: '* * * * *',
  async run(_data, ctx) {
    const moved = await advanceCampaigns(ctx.pool, { now: () => ctx.clock.now(), signer: ctx.signer });
    if (moved) ctx.log({ moved }, 'campaigns moved on with their orders');
  },
};
