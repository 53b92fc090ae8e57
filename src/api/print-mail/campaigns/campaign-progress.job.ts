import type { JobDefinition } from '../../job-definition.js';
import { CAMPAIGN_JOBS } from './campaign-jobs.js';
import { advanceCampaigns } from './campaign-progress.js';

/** Sent campaigns follow their orders: ready → printing → processed_for_delivery. */
export const campaignProgress: JobDefinition = {
  name: CAMPAIGN_JOBS.progress,
  cron: '* * * * *',
  async run(_data, ctx) {
    const moved = await advanceCampaigns(ctx.pool, { now: () => ctx.clock.now(), signer: ctx.signer });
    if (moved) ctx.log({ moved }, 'campaigns moved on with their orders');
  },
};
