import type { Scope } from '../../../db/scope.js';
import { getOrganization } from '../../../platform/auth/organizations.repo.js';
import type { JobContext, JobDefinition } from '../../job-definition.js';
import { type OrderCreateContext, orderCreateContext } from '../orders/order-service.js';
import { CAMPAIGN_JOBS, type CampaignJobData } from './campaign-jobs.js';
import { failSend, sendCampaign as sendPages } from './campaign-send.js';

/** What creating an order needs, in a job: the campaign's organization and mode, not a request's. */
export async function campaignOrderContext(ctx: JobContext, scope: Scope): Promise<OrderCreateContext> {
  const org = await getOrganization(ctx.pool, scope.orgId);
  return orderCreateContext(ctx, scope, org?.countryCode ?? 'US');
}

/**
 * creating_orders → ready: one order per contact (api/.../campaign-send.ts). One at a time per
 * campaign (singleton key); a retry after a crash resumes where the last page committed.
 */
export const sendCampaign: JobDefinition<CampaignJobData> = {
  name: CAMPAIGN_JOBS.send,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, deadLetter: CAMPAIGN_JOBS.sendFailed },
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    const base = await campaignOrderContext(ctx, scope);
    await sendPages(ctx.pool, scope, data.id, () => ({ ...base, now: ctx.clock.now() }));
  },
};

/** The send queue's dead letters: a send that failed on every retry ends ready, saying so. */
export const campaignSendFailed: JobDefinition<CampaignJobData> = {
  name: CAMPAIGN_JOBS.sendFailed,
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    await failSend(ctx.pool, scope, data.id, await campaignOrderContext(ctx, scope));
    ctx.log({ id: data.id }, 'campaign send failed on every retry');
  },
};
