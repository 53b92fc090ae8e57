import {
  MAILING_LIST_JOB,
  type MailingListJobData,
  runListJob,
} from '../api/print-mail/mailing-lists/mailing-list-job.js';
import type { JobDefinition } from './registry.js';

/** A mailing list's job: its members change and it is completed again, in one transaction. */
export const mailingListJob: JobDefinition<MailingListJobData> = {
  name: MAILING_LIST_JOB,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true },
  work: { pollingIntervalSeconds: 0.5 },
  run: (data, ctx) => runListJob(ctx.pool, data, ctx.clock.now()),
};
