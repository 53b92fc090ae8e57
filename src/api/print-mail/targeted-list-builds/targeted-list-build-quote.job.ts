import type { JobDefinition } from '../../job-definition.js';
import { LIST_BUILD_JOBS, type ListBuildJobData } from './list-build-jobs.js';
import { generateQuote } from './list-build-quote.js';

/** A targeted list build's quote: generating_quote → quote_ready (a count of its area's points). */
export const targetedListBuildQuote: JobDefinition<ListBuildJobData> = {
  name: LIST_BUILD_JOBS.quote,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, deadLetter: LIST_BUILD_JOBS.failed },
  run: (data, ctx) =>
    generateQuote(
      { pool: ctx.pool, clock: ctx.clock, pricePerContactCents: ctx.config.listBuildCreditCents },
      data,
    ),
};
