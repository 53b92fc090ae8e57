import { getDoc, lockDoc } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { RenderInputError, TemplateSyntaxError } from '../../../engines/render/index.js';
import type { JobContext, JobDefinition } from '../../job-definition.js';
import type { PreparedOrder } from '../orders/order-service.js';
import type { Campaign } from './campaign.schema.js';
import { saveCampaign } from './campaign-change.js';
import { checkCampaign } from './campaign-check.js';
import { CAMPAIGN_JOBS, type CampaignJobData } from './campaign-jobs.js';
import { campaignPreviewJob } from './campaign-preview.js';
import { campaignOrderContext } from './campaign-send.job.js';

/** How long a campaign waits for its list's running job before it looks again. */
const LIST_WAIT_SECONDS = 2;

/** drafting → draft, or changes_required with what to fix (api/.../campaign-check.ts). */
export const validateCampaign: JobDefinition<CampaignJobData> = {
  name: CAMPAIGN_JOBS.validate,
  // It renders the first order's preview: it runs where PDFs are made.
  makesPdfs: true,
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
    const preview = check.first && (await renderPreview(check.first, seen, ctx, scope));
    if (preview && 'problem' in preview) check.problems.push(preview.problem);
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
        : {
            ...campaign,
            status: 'draft',
            ...(preview && 'key' in preview ? { previewKey: preview.key } : {}),
          };
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

/**
 * The first order rendered as a preview (blob `campaigns/<mode>/<id>/preview.pdf`), or why it
 * cannot be: content that renders to nothing usable is a problem to fix before sending.
 */
async function renderPreview(
  first: PreparedOrder,
  campaign: Campaign,
  ctx: JobContext,
  scope: { orgId: string; live: boolean },
): Promise<{ key: string } | { problem: string }> {
  const job = await campaignPreviewJob(
    first,
    { ...scope, now: ctx.clock.now() },
    { blobs: ctx.blobs, db: ctx.pool, dataKeys: ctx.dataKeys },
  );
  try {
    const rendered = await ctx.renderer.render(job);
    const key = `campaigns/${scope.live ? 'live' : 'test'}/${campaign.id}/preview.pdf`;
    await ctx.blobs.put(key, rendered.pdf, { contentType: 'application/pdf' });
    return { key };
  } catch (err) {
    if (!(err instanceof RenderInputError || err instanceof TemplateSyntaxError)) throw err;
    return { problem: `The first order cannot be rendered: ${err.message}` };
  }
}
