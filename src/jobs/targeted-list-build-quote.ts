import {
  LIST_BUILD_JOBS,
  type ListBuildJobData,
} from '../api/print-mail/targeted-list-builds/list-build-jobs.js';
import { generateQuote } from '../api/print-mail/targeted-list-builds/list-build-quote.js';
import type { JobDefinition } from './registry.js';

/** A targeted list build's quote: generating_quote → quote_ready (a count of its area's points). */
export const targetedListBuildQuote: JobDefinition<ListBuildJobData> = {
  name: LIST_BUILD_JOBS.quote,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, deadLetter: LIST_BUILD_JOBS.failed },
  work: { pollingIntervalSeconds: 0.5 },
  run: (data, ctx) =>
    generateQuote(
      { pool: ctx.pool, clock: ctx.clock, pricePerContactCents: ctx.config.listBuildCreditCents },
      data,
    ),
};
