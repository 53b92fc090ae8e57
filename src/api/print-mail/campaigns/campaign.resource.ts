import { lockDoc } from '../../../db/resources.repo.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { recordEvent } from '../events/record-event.js';
import { scheduleSendDate } from '../orders/send-date.js';
import {
  Campaign,
  CampaignCreate,
  type CampaignStatus,
  CampaignUpdate,
  PROFILE_FIELDS,
} from './campaign.schema.js';
import { CAMPAIGN_JOBS, enqueueCampaignJob } from './campaign-jobs.js';
import { cancelCampaignOrders } from './campaign-orders.repo.js';
import { campaignSearchText, presentCampaign } from './campaign-present.js';
import { checkCampaignRefs, profileFieldOf } from './campaign-refs.js';

const UPDATABLE: readonly CampaignStatus[] = ['draft', 'changes_required'];
// The hosted service's three, and drafting too: its check finds the campaign gone and stops.
const DELETABLE: readonly CampaignStatus[] = ['drafting', 'draft', 'changes_required', 'ready'];

export const campaignStatusError = (doc: Campaign, action: string, allowed: readonly CampaignStatus[]) =>
  apiError(
    'campaign_status_error',
    `A campaign can be ${action} only while ${allowed.join(', ').replaceAll('_', ' ')}; ${doc.id} is ${doc.status.replaceAll('_', ' ')}.`,
  );

/**
 * Campaigns: a mailing list sent through one order profile. Creating or changing one puts it
 * in `drafting` and queues its check (campaign-validate); `POST /campaigns/{id}/send`
 * (campaign-send.routes.ts) creates the orders. Deleting a ready campaign cancels its orders
 * that have not started printing.
 */
export const campaignResource: DocumentResource<Campaign, CampaignCreate, CampaignUpdate> = {
  object: 'campaign',
  table: 'campaigns',
  path: '/campaigns',
  tag: 'Campaigns',
  schemas: { create: CampaignCreate, update: CampaignUpdate, stored: Campaign },

  async create(input, { db, scope, now }) {
    checkMetadata(input.metadata);
    profileFieldOf(input);
    if (input.sendDate) scheduleSendDate(input.sendDate, now);
    const doc: Campaign = newDocument('campaign', ID_PREFIX.campaign, { scope, now }, input, {
      mailingList: input.mailingList,
      status: 'drafting',
      createdCount: 0,
    });
    const optional = ['defaultSenderContact', 'sendDate', ...Object.keys(PROFILE_FIELDS)];
    applyRemovableFields(doc as Record<string, unknown>, input as Record<string, unknown>, optional);
    await checkCampaignRefs(db, scope, doc);
    return doc;
  },

  async afterCreate(_db, scope, doc, _input, { db, now, deps }) {
    await enqueueCampaignJob(db, deps.boss, CAMPAIGN_JOBS.validate, scope, doc.id);
    await recordEvent(db, scope, { type: 'campaign.created', data: presentCampaign(doc, deps.signer) }, now);
  },

  async update(current, input, { db, scope, now, deps }) {
    if (!UPDATABLE.includes(current.status)) throw campaignStatusError(current, 'changed', UPDATABLE);
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    // Naming a profile replaces whichever profile the campaign had.
    const newProfile = profileFieldOf(input as Campaign);
    if (newProfile) for (const field of Object.keys(PROFILE_FIELDS)) delete doc[field];
    if (input.mailingList) doc.mailingList = input.mailingList;
    applyRemovableFields(doc, input as Record<string, unknown>, [
      'defaultSenderContact',
      'description',
      'metadata',
      ...Object.keys(PROFILE_FIELDS),
    ]);
    delete doc.errors;
    delete doc.previewKey; // of what it was: the check renders the changed campaign's
    const updated = { ...(doc as Campaign), status: 'drafting' as const, updatedAt: now.toISOString() };
    await checkCampaignRefs(db, scope, updated);
    await enqueueCampaignJob(db, deps.boss, CAMPAIGN_JOBS.validate, scope, updated.id);
    await recordEvent(
      db,
      scope,
      {
        type: 'campaign.updated',
        data: presentCampaign(updated, deps.signer),
        updatedFields: Object.keys(input),
      },
      now,
    );
    return updated;
  },

  async beforeDelete(db, scope, id, { now, deps }) {
    const doc = await lockDoc<Campaign>(db, 'campaigns', scope, id);
    if (!doc) throw notFound('campaign', id);
    if (!DELETABLE.includes(doc.status)) throw campaignStatusError(doc, 'deleted', DELETABLE);
    if (doc.status === 'ready') await cancelCampaignOrders(db, id, { now, signer: deps.signer });
  },

  present: presentCampaign,
  searchText: campaignSearchText,
};
