import { PgIntlPoints } from '../../reference-store/pg-intl-points.js';
import type { JobContext, JobDefinition } from '../job-definition.js';
import { LIST_JOBS, type ListJobData } from './list-jobs.js';
import { advanceList, failList, type ListRunDeps } from './list-run.js';

const runDeps = (ctx: JobContext): ListRunDeps => ({
  pool: ctx.pool,
  clock: ctx.clock,
  blobs: ctx.blobs,
  verifier: ctx.verifier,
  intlPoints: new PgIntlPoints(ctx.pool),
});

/**
 * pending → processing → processed (api/addver-lists/list-run.ts), a slice at a time: each
 * run verifies batches for the configured job slice (2 s) and queues the next run, so a server
 * that stops stops soon and its successor goes on from the last written part. After its last
 * retry the list fails and its lookups are given back (addverListFailed).
 */
export const addverList: JobDefinition<ListJobData> = {
  name: LIST_JOBS.run,
  queue: {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    deadLetter: LIST_JOBS.failed,
  },
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    const outcome = await advanceList(runDeps(ctx), scope, data.id, { budgetMs: ctx.config.jobSliceMs });
    if (outcome === 'more') await ctx.boss.send(LIST_JOBS.run, data);
  },
};

/** The list queue's dead letters: a list whose job failed on every retry is failed, not left processing. */
export const addverListFailed: JobDefinition<ListJobData> = {
  name: LIST_JOBS.failed,
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    await failList(
      runDeps(ctx),
      scope,
      data.id,
      'The list could not be verified after several attempts; upload it again.',
    );
    ctx.log({ id: data.id }, 'bulk verification list failed on every retry');
  },
};
