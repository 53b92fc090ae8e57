import type { JobDefinition } from '../../job-definition.js';
import { LIST_BUILD_JOBS, type ListBuildJobData } from './list-build-jobs.js';
import { advanceBuild } from './list-build-run.js';

/**
 * A confirmed targeted list build: creating_list → completed, page by page (api/.../
 * list-build-run.ts), a slice at a time (the configured job slice, 2 s), so a server that
 * stops stops soon and its successor goes on from the last page. A crash loses only the page
 * in flight; the retry (or the next run) goes on after the last committed page. After its last
 * retry the build fails and is refunded.
 */
export const targetedListBuild: JobDefinition<ListBuildJobData> = {
  name: LIST_BUILD_JOBS.build,
  queue: {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    deadLetter: LIST_BUILD_JOBS.failed,
  },
  async run(data, ctx) {
    const deps = { pool: ctx.pool, clock: ctx.clock, addressing: ctx.addressing };
    if ((await advanceBuild(deps, data, { budgetMs: ctx.config.jobSliceMs })) === 'more')
      await ctx.boss.send(LIST_BUILD_JOBS.build, data);
  },
};
