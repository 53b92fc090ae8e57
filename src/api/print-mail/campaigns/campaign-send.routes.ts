import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { lockDoc } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { apiError, invalid, notFound } from '../../../platform/errors.js';
import { documented, IdParams } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import type { MailingList } from '../mailing-lists/mailing-list.schema.js';
import { LISTS_TABLE } from '../mailing-lists/mailing-list-members.repo.js';
import { scheduleSendDate } from '../orders/send-date.js';
import { campaignStatusError } from './campaign.resource.js';
import { Campaign, CampaignSend } from './campaign.schema.js';
import { saveCampaign } from './campaign-change.js';
import { CAMPAIGN_JOBS, enqueueCampaignJob } from './campaign-jobs.js';
import { presentCampaign } from './campaign-present.js';

/**
 * `POST /campaigns/{id}/send {sendDate?}`: a draft campaign starts creating its orders
 * (creating_orders), each with the campaign's send date. Orders are made by a durable job,
 * page by page, so the answer comes at once whatever the list's size.
 */
export const campaignSendRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/campaigns/:id/send',
    {
      schema: {
        tags: ['Campaigns'],
        params: IdParams('campaign'),
        body: CampaignSend,
        response: { 200: documented(Campaign) },
      },
    },
    (request) =>
      withTransaction(deps.pool, async (tx) => {
        const scope = scopeOf(request);
        const now = deps.clock.now();
        const current = await lockDoc<Campaign>(tx, 'campaigns', scope, request.params.id);
        if (!current) throw notFound('campaign', request.params.id);
        if (current.status !== 'draft') throw campaignStatusError(current, 'sent', ['draft']);
        // Locked until the campaign is creating_orders, which list jobs and deletes then see.
        const list = await lockDoc<MailingList>(tx, LISTS_TABLE, scope, current.mailingList);
        if (!list)
          throw invalid(
            'mailingList',
            `refers to mailing list ${current.mailingList}, which no longer exists.`,
          );
        if (list.status !== 'completed')
          throw apiError(
            'mailing_list_status_error',
            `Mailing list ${list.id} is ${list.status.replaceAll('_', ' ')}: a campaign is sent once its list's job is done (status completed).`,
          );
        const sendDate = request.body?.sendDate ?? current.sendDate;
        const scheduled = scheduleSendDate(sendDate, now).sendDate;
        const next: Campaign = {
          ...current,
          status: 'creating_orders',
          sendDate: scheduled.toISOString(),
          updatedAt: now.toISOString(),
        };
        await saveCampaign(tx, scope, current, next, { now, signer: deps.signer });
        await enqueueCampaignJob(tx, deps.boss, CAMPAIGN_JOBS.send, scope, current.id);
        return presentCampaign(next, deps.signer);
      }),
  );
};
