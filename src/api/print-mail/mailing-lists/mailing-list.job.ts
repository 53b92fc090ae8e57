import type { JobDefinition } from '../../job-definition.js';
import {
  failListJob,
  MAILING_LIST_JOB,
  MAILING_LIST_JOB_FAILED,
  type MailingListJobData,
  runListJob,
} from './mailing-list-job.js';

/** A mailing list's job: its members change and it is completed again, in one transaction. */
export const mailingListJob: JobDefinition<MailingListJobData> = {
  name: MAILING_LIST_JOB,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, deadLetter: MAILING_LIST_JOB_FAILED },
  run: (data, ctx) => runListJob(ctx.pool, data, ctx.clock.now()),
};

/** Its dead letters: a job that failed on every retry leaves the list completed, saying so. */
export const mailingListJobFailed: JobDefinition<MailingListJobData> = {
  name: MAILING_LIST_JOB_FAILED,
  async run(data, ctx) {
    await failListJob(ctx.pool, data, ctx.clock.now());
    ctx.log({ listId: data.listId, op: data.op }, 'mailing list job failed on every retry');
  },
};
