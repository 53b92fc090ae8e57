import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps.js';
import { bankAccountResource } from './bank-accounts/bank-account.resource.js';
import { campaignResource } from './campaigns/campaign.resource.js';
import { campaignSendRoutes } from './campaigns/campaign-send.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { documentRoutes } from './documents/document-routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { mailingListImportRoutes } from './mailing-list-imports/import-upload.routes.js';
import { mailingListResource } from './mailing-lists/mailing-list.resource.js';
import { mailingListJobsRoutes } from './mailing-lists/mailing-list-jobs.routes.js';
import { orderProfileResources } from './order-profiles/profile.resource.js';
import { ORDER_KINDS } from './orders/order-kinds.js';
import { orderRoutes } from './orders/order-routes.js';
import { returnEnvelopeResource } from './return-envelopes/return-envelope.resource.js';
import { returnEnvelopeOrdersRoutes } from './return-envelopes/return-envelope-orders.routes.js';
import { templateResource } from './templates/template.resource.js';
import { trackerResource } from './trackers/tracker.resource.js';
import { trackerVisitsRoutes } from './trackers/tracker-visits.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

/**
 * The print-mail route registry: a plain document resource is one line here
 * (`documentRoutes(itsResource)`); an order kind is one line in orders/order-kinds.ts.
 */
export const printMailResources = [
  contactsRoutes,
  eventsRoutes,
  webhooksRoutes,
  documentRoutes(templateResource),
  documentRoutes(bankAccountResource),
  documentRoutes(returnEnvelopeResource),
  returnEnvelopeOrdersRoutes,
  documentRoutes(trackerResource),
  trackerVisitsRoutes,
  ...orderProfileResources.map((resource) => documentRoutes(resource)),
  mailingListImportRoutes,
  documentRoutes(mailingListResource),
  mailingListJobsRoutes,
  documentRoutes(campaignResource),
  campaignSendRoutes,
  ...ORDER_KINDS.map(orderRoutes),
];

export const printMailRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const resource of printMailResources) await app.register(resource, { deps });
};
