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
import { reportResource } from './reports/report.resource.js';
import { reportExportsRoutes } from './reports/report-exports.routes.js';
import { reportSamplesRoutes } from './reports/report-samples.routes.js';
import { returnEnvelopeResource } from './return-envelopes/return-envelope.resource.js';
import { returnEnvelopeOrdersRoutes } from './return-envelopes/return-envelope-orders.routes.js';
import { subOrganizationsRoutes } from './sub-organizations/sub-organizations.routes.js';
import { listBuildResource } from './targeted-list-builds/list-build.resource.js';
import { listBuildRoutes } from './targeted-list-builds/list-build.routes.js';
import { templateEditorSessionsRoutes } from './template-editor-sessions/editor-sessions.routes.js';
import { templateResource } from './templates/template.resource.js';
import { trackerResource } from './trackers/tracker.resource.js';
import { trackerVisitsRoutes } from './trackers/tracker-visits.routes.js';
import { virtualMailboxRoutes } from './virtual-mailboxes/mailbox-items.routes.js';
import { virtualMailboxResource } from './virtual-mailboxes/virtual-mailbox.resource.js';
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
  templateEditorSessionsRoutes,
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
  documentRoutes(listBuildResource),
  listBuildRoutes,
  documentRoutes(virtualMailboxResource),
  virtualMailboxRoutes,
  reportSamplesRoutes,
  documentRoutes(reportResource),
  reportExportsRoutes,
  subOrganizationsRoutes,
  ...ORDER_KINDS.map(orderRoutes),
];

export const printMailRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const resource of printMailResources) await app.register(resource, { deps });
};
