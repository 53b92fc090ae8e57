import type { JobDefinition } from '../../job-definition.js';
import { LIST_BUILD_JOBS, type ListBuildJobData } from './list-build-jobs.js';
import { failQuote } from './list-build-quote.js';
import { failBuildForGood } from './list-build-run.js';

/**
 * The dead-letter queue of both list build jobs: a quote (its data carries a token) or a
 * build that failed on every retry becomes `failed`, saying why, rather than waiting forever;
 * a failed build's list is deleted and its charge refunded.
 */
export const targetedListBuildFailed: JobDefinition<ListBuildJobData> = {
  name: LIST_BUILD_JOBS.failed,
  async run(data, ctx) {
    if (data.token) await failQuote(ctx, data);
    else await failBuildForGood({ pool: ctx.pool, clock: ctx.clock, addressing: ctx.addressing }, data);
    ctx.log({ id: data.id }, 'targeted list build job failed on every retry');
  },
};
