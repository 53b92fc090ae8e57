import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { documented, IdParams } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { MailingList, MailingListJobBody } from './mailing-list.schema.js';
import { startListJob } from './mailing-list-job.js';

/**
 * `POST /mailing_lists/{id}/jobs`: adds or removes contacts (by id) or whole imports, one
 * operation per job, asynchronously. Answers the list, now `creating_contacts` or
 * `removing_contacts`; it is `completed` again when the job is done.
 */
export const mailingListJobsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/mailing_lists/:id/jobs',
    {
      schema: {
        tags: ['Mailing lists'],
        params: IdParams('mailing_list'),
        body: MailingListJobBody,
        response: { 200: documented(MailingList) },
      },
    },
    (request) =>
      withTransaction(deps.pool, (tx) =>
        startListJob(tx, deps.boss, scopeOf(request), request.params.id, request.body, deps.clock.now()),
      ),
  );
};
