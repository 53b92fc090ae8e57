import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Scope } from '../../../db/scope.js';

/** The campaign jobs' queues (their workers are in src/api/print-mail/campaigns/campaign-*.job.ts). */
export const CAMPAIGN_JOBS = Object.freeze({
  /** drafting → draft | changes_required: checks the list, profile, sender and content. */
  validate: 'campaign-validate',
  /** creating_orders → ready: one order per contact, page by page, resumable. */
  send: 'campaign-send',
  /** The send's dead letters: a send that failed on every retry ends ready, saying so. */
  sendFailed: 'campaign-send-failed',
  /** ready → printing → processed_for_delivery, as the campaign's orders move on. */
  progress: 'campaign-progress',
});

export interface CampaignJobData {
  id: string;
  orgId: string;
  live: boolean;
}

/** Queues a campaign job in the caller's transaction: it exists exactly when the change does. */
export async function enqueueCampaignJob(
  tx: pg.PoolClient,
  boss: PgBoss,
  name: string,
  scope: Scope,
  id: string,
): Promise<void> {
  const data: CampaignJobData = { id, orgId: scope.orgId, live: scope.live };
  await tx.query(await jobInsertStatement(boss, [{ name, data, singletonKey: `${name}:${id}` }]));
}
