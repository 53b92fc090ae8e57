import type { JobDefinition } from '../../job-definition.js';
import { IMPORT_JOBS, type ImportJobData } from './import-jobs.js';
import { advanceImport } from './import-run.js';

/**
 * validating → completed | changes_required (api/.../import-run.ts), a slice at a time: each
 * run stages batches for the configured job slice (2 s) and queues the next run, so a server
 * that stops (it waits for running jobs) stops soon and its successor goes on from the last
 * staged batch. A crash mid-run loses only the batch in flight: the retry (or the next run)
 * starts after the last committed batch. After its last retry the import fails
 * (mailing-list-import-failed.ts).
 */
export const mailingListImport: JobDefinition<ImportJobData> = {
  name: IMPORT_JOBS.run,
  queue: {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60, // a slice is seconds; a big import's commit, a minute or two
    deadLetter: IMPORT_JOBS.failed,
  },
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    const outcome = await advanceImport(ctx, scope, data.id, { budgetMs: ctx.config.jobSliceMs });
    if (outcome === 'more') await ctx.boss.send(IMPORT_JOBS.run, data);
  },
};
