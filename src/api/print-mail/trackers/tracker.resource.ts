import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { checkRedirectTemplate } from './redirect-template.js';
import { Tracker, TrackerCreate, TrackerUpdate, URL_EXPIRY_DAYS } from './tracker.schema.js';
import { deleteTrackerVisits } from './tracker-visits.repo.js';

function checkExpiry(days: number): void {
  if (!(URL_EXPIRY_DAYS as readonly number[]).includes(days))
    throw invalid('urlExpireAfterDays', `must be one of ${URL_EXPIRY_DAYS.join(', ')}.`);
}

const OPTIONAL = ['description', 'metadata'] as const;

/**
 * Trackers: a redirect template that orders name as `{{tracker_...}}` (a personalized URL) or
 * `{{tracker_....qrcode}}` (a QR code of it). Visits are counted on the tracker's doc by the
 * visit route (tracker-visit.ts), under the same row lock an update takes.
 */
export const trackerResource: DocumentResource<Tracker, TrackerCreate, TrackerUpdate> = {
  object: 'tracker',
  table: 'trackers',
  path: '/trackers',
  tag: 'Trackers',
  schemas: { create: TrackerCreate, update: TrackerUpdate, stored: Tracker },

  create(input, { scope, now }) {
    checkRedirectTemplate(input.redirectURLTemplate);
    checkExpiry(input.urlExpireAfterDays);
    checkMetadata(input.metadata);
    return newDocument('tracker', ID_PREFIX.tracker, { scope, now }, input, {
      redirectURLTemplate: input.redirectURLTemplate,
      urlExpireAfterDays: input.urlExpireAfterDays,
      visitCount: 0,
      uniqueVisitCount: 0,
    });
  },

  update(current, input, { now }) {
    if (input.redirectURLTemplate !== undefined) checkRedirectTemplate(input.redirectURLTemplate);
    if (input.urlExpireAfterDays !== undefined) checkExpiry(input.urlExpireAfterDays);
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    if (input.redirectURLTemplate !== undefined) doc.redirectURLTemplate = input.redirectURLTemplate;
    if (input.urlExpireAfterDays !== undefined) doc.urlExpireAfterDays = input.urlExpireAfterDays;
    applyRemovableFields(doc, input, OPTIONAL);
    doc.updatedAt = now.toISOString();
    return doc as Tracker;
  },

  // A tracker's links and visitors go with it (foreign keys); its visits are a document table.
  beforeDelete: (db, scope, id) => deleteTrackerVisits(db, scope, id),

  searchText: (doc) =>
    searchTextOf({ id: doc.id, u: doc.redirectURLTemplate, d: doc.description, m: doc.metadata }),
};
