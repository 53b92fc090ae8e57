import { lockDoc } from '../../../db/resources.repo.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { ListBuildCreate, ListBuildUpdate, TargetedListBuild } from './list-build.schema.js';
import { checkFilters } from './list-build-filters.js';
import { BUILDS_TABLE, enqueueQuote } from './list-build-jobs.js';

export const listBuildStatusError = (doc: TargetedListBuild, action: string, when: string) =>
  apiError(
    'targeted_list_build_status_error',
    `A targeted list build can be ${action} only ${when}; ${doc.id} is ${doc.status.replaceAll('_', ' ')}.`,
  );

const BEFORE_CONFIRM = 'before it is confirmed';

/**
 * Targeted list builds (beta): a mailing list of the address points in an area. Creating one,
 * or changing its filters or limit, queues its quote (list-build-quote.ts); `POST
 * /targeted_list_builds/{id}/confirm` (list-build-confirm.ts) charges it and queues the build.
 * Only an unconfirmed build can be changed or deleted (the hosted rule).
 */
export const listBuildResource: DocumentResource<TargetedListBuild, ListBuildCreate, ListBuildUpdate> = {
  object: 'targeted_list_build',
  table: BUILDS_TABLE,
  path: '/targeted_list_builds',
  tag: 'Targeted list builds',
  schemas: { create: ListBuildCreate, update: ListBuildUpdate, stored: TargetedListBuild },

  create(input, { scope, now }) {
    checkMetadata(input.metadata);
    const { stored } = checkFilters(input);
    return newDocument('targeted_list_build', ID_PREFIX.targetedListBuild, { scope, now }, input, {
      organization: scope.orgId,
      status: 'generating_quote',
      ...stored,
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
    });
  },

  async afterCreate(db, scope, doc, _input, { deps }) {
    await enqueueQuote(db, deps.boss, scope, doc.id);
  },

  async update(current, input, { db, scope, now, deps }) {
    if (current.confirmedAt) throw listBuildStatusError(current, 'changed', BEFORE_CONFIRM);
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    const newFilters = input.usConsumers !== undefined || input.usCompanies !== undefined;
    if (newFilters) {
      const { stored } = checkFilters(input);
      delete doc.usConsumers;
      delete doc.usCompanies;
      Object.assign(doc, stored);
    }
    applyRemovableFields(doc, input, ['limit', 'description', 'metadata']);
    const requote = newFilters || input.limit !== undefined;
    if (requote) {
      for (const field of ['quote', 'previewRecords', 'errors']) delete doc[field];
      doc.status = 'generating_quote';
      await enqueueQuote(db, deps.boss, scope, current.id);
    }
    doc.updatedAt = now.toISOString();
    return doc as TargetedListBuild;
  },

  async beforeDelete(db, scope, id) {
    const doc = await lockDoc<TargetedListBuild>(db, BUILDS_TABLE, scope, id);
    if (!doc) throw notFound('targeted_list_build', id);
    if (doc.confirmedAt) throw listBuildStatusError(doc, 'deleted', BEFORE_CONFIRM);
  },

  searchText: (doc) =>
    searchTextOf({ id: doc.id, s: doc.status, d: doc.description, m: doc.metadata, l: doc.mailingList }),
};
