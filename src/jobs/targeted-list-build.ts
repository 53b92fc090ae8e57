import {
  LIST_BUILD_JOBS,
  type ListBuildJobData,
} from '../api/print-mail/targeted-list-builds/list-build-jobs.js';
import { advanceBuild } from '../api/print-mail/targeted-list-builds/list-build-run.js';
import type { JobDefinition } from './registry.js';

/**
 * How long one run of a build works before it hands over to the next run: short, so a server
 * that stops (it waits for running jobs) stops soon; its successor goes on from the last page.
 */
export const BUILD_SLICE_MS = 2_000;

/**
 * A confirmed targeted list build: creating_list → completed, page by page (api/.../
 * list-build-run.ts). A crash loses only the page in flight; the retry (or the next run) goes
 * on after the last committed page. After its last retry the build fails and is refunded.
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
  work: { pollingIntervalSeconds: 0.5 },
  async run(data, ctx) {
    const deps = { pool: ctx.pool, clock: ctx.clock, addressing: ctx.addressing };
    if ((await advanceBuild(deps, data, { budgetMs: BUILD_SLICE_MS })) === 'more')
      await ctx.boss.send(LIST_BUILD_JOBS.build, data);
  },
};
