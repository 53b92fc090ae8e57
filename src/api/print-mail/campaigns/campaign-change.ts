import type pg from 'pg';
import { replaceDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { recordEvent } from '../events/record-event.js';
import type { Campaign } from './campaign.schema.js';
import { campaignSearchText, presentCampaign } from './campaign-present.js';

/** The fields that differ between two docs (timestamps aside): an event's updatedFields. */
function changedFields(before: Campaign, after: Campaign): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (k) => k !== 'updatedAt' && JSON.stringify((before as any)[k]) !== JSON.stringify((after as any)[k]),
  );
}

/**
 * Writes a changed campaign in the caller's transaction (the row is locked) and, when its
 * status changed, a `campaign.updated` event; counts alone change quietly, since a send of
 * 10,000 orders would otherwise send a webhook per page.
 */
export async function saveCampaign(
  tx: pg.PoolClient,
  scope: Scope,
  before: Campaign,
  after: Campaign,
  ctx: { now: Date; signer: UrlSigner },
): Promise<Campaign> {
  await replaceDoc(tx, 'campaigns', scope, after, campaignSearchText(after));
  if (before.status !== after.status)
    await recordEvent(
      tx,
      scope,
      {
        type: 'campaign.updated',
        data: presentCampaign(after, ctx.signer),
        updatedFields: changedFields(before, after),
      },
      ctx.now,
    );
  return after;
}
