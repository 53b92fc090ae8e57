import { lockDoc } from '../../../db/resources.repo.js';
import { isReceivedCsv } from '../../../platform/csv/received-csv.js';
import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { expectedFile } from '../../../platform/supplied-file.js';
import { newDocument } from '../documents/document-envelope.js';
import type { DocumentResource } from '../documents/document-resource.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { ImportCreate, ImportUpdate, MailingListImport } from './import.schema.js';
import { enqueueImportJob } from './import-jobs.js';
import { planColumns } from './import-mapping.js';
import { IMPORTS_TABLE } from './import-staging.repo.js';

const MAPPINGS = [
  'receiverMergeVariableMapping',
  'senderAddressMapping',
  'senderMergeVariableMapping',
] as const;

/** The doc as answered: the stored file's and report's keys become signed links, fresh on every read. */
export function presentImport(doc: MailingListImport, signer: UrlSigner): MailingListImport {
  return {
    ...doc,
    file: { ...doc.file, url: signer.urlFor(doc.file.url) },
    ...(doc.reportURL ? { reportURL: signer.urlFor(doc.reportURL) } : {}),
  };
}

/**
 * Mailing list imports: a CSV (received and stored by import-upload.routes.ts before this
 * runs) and how its columns map to contacts. Created `validating`, with its job queued in the
 * same transaction; the job (import-run.ts) verifies every row and makes the contacts.
 */
export const mailingListImportResource: DocumentResource<MailingListImport, ImportCreate, ImportUpdate> = {
  object: 'mailing_list_import',
  table: IMPORTS_TABLE,
  path: '/mailing_list_imports',
  tag: 'Mailing list imports',
  schemas: { create: ImportCreate, update: ImportUpdate, stored: MailingListImport },

  create(input, { scope, now, deps }) {
    const { file } = input;
    if (!isReceivedCsv(file)) throw invalid('file', expectedFile({ what: 'CSV file', urls: true }));
    planColumns(input, file.header);
    if (file.rowCount === 0) throw invalid('file', 'has a header row but no data rows.');
    checkMetadata(input.metadata);
    const mappings = Object.fromEntries(MAPPINGS.flatMap((m) => (input[m] ? [[m, input[m]]] : [])));
    const none = () => ({ verifiedCount: 0, correctedCount: 0, failedCount: 0 });
    // Known now (the file was read for its shape): a file over the limit is refused as the
    // hosted service refuses one, an import needing changes, and no job reads its rows.
    const tooMany = file.rowCount > deps.config.importMaxRows;
    return newDocument('mailing_list_import', ID_PREFIX.mailingListImport, { scope, now }, input, {
      organization: scope.orgId,
      status: tooMany ? 'changes_required' : 'validating',
      file: {
        fileType: 'csv',
        url: file.blobKey,
        receiverAddressMapping: input.receiverAddressMapping,
        ...mappings,
      },
      totalRowCount: file.rowCount,
      processedRowCount: 0,
      validRowCount: 0,
      invalidRowCount: 0,
      receiverStatusCount: none(),
      ...(input.senderAddressMapping ? { senderStatusCount: none() } : {}),
      errors: tooMany
        ? [
            {
              type: 'invalid_contact_count_error',
              message: `The file has ${file.rowCount} rows; an import takes at most ${deps.config.importMaxRows}. Split it into several imports.`,
            },
          ]
        : [],
      notes: [],
    });
  },

  afterCreate: async (db, scope, doc, _input, { deps }) => {
    if (doc.status === 'validating') await enqueueImportJob(db, deps.boss, scope, doc.id);
  },

  update(current, input, { now }) {
    if (input.metadata) checkMetadata(input.metadata);
    const doc: Record<string, unknown> = { ...current };
    applyRemovableFields(doc, input, ['description', 'metadata']);
    doc.updatedAt = now.toISOString();
    return doc as MailingListImport;
  },

  present: presentImport,

  // Its file and report go with it (they hold the caller's contacts' personal data); the
  // contacts it made stay, in whatever lists they are in. A running job finds it gone and stops.
  async beforeDelete(db, scope, id, { deps }) {
    const doc = await lockDoc<MailingListImport>(db, IMPORTS_TABLE, scope, id);
    if (!doc) return;
    for (const key of [doc.file.url, doc.reportURL]) if (key) await deps.blobs.delete(key).catch(() => false);
  },

  // Status and counts change under the job without a search text update, so they are left to
  // JSON search (`{"status": "completed"}`), which reads the doc itself.
  searchText: (doc) => searchTextOf({ id: doc.id, d: doc.description, m: doc.metadata }),
};
