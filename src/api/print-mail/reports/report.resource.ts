import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { checkedReportSql } from '../../../report-sandbox/checked-sql.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { Report, ReportCreate, ReportUpdate } from './report.schema.js';

const OPTIONAL = ['sqlQuery', 'description', 'metadata'] as const;

/** Saved reports: a query kept to sample or export later (samples and exports in their own routes). */
export const reportResource: DocumentResource<Report, ReportCreate, ReportUpdate> = {
  object: 'report',
  table: 'reports',
  path: '/reports',
  tag: 'Reports',
  schemas: { create: ReportCreate, update: ReportUpdate, stored: Report },

  create(input, ctx) {
    checkedReportSql(input.sqlQuery);
    checkMetadata(input.metadata);
    return newDocument('report', ID_PREFIX.report, ctx, input, { sqlQuery: input.sqlQuery });
  },

  update(current, input, { now }) {
    if (input.sqlQuery !== undefined) checkedReportSql(input.sqlQuery);
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    applyRemovableFields(doc, input, OPTIONAL);
    doc.updatedAt = now.toISOString();
    return doc as Report;
  },

  searchText: (doc) => searchTextOf({ id: doc.id, d: doc.description, m: doc.metadata, q: doc.sqlQuery }),
};
