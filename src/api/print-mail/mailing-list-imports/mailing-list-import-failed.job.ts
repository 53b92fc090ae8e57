import type { JobDefinition } from '../../job-definition.js';
import { failImport } from './import-finish.js';
import { IMPORT_JOBS, type ImportJobData } from './import-jobs.js';

/**
 * The import queue's dead-letter queue: an import whose job failed on every retry becomes
 * changes_required (internal_service_error), with nothing of it imported, rather than
 * validating forever.
 */
export const mailingListImportFailed: JobDefinition<ImportJobData> = {
  name: IMPORT_JOBS.failed,
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    await failImport(
      ctx,
      scope,
      data.id,
      'The file could not be imported after several attempts; create the import again.',
    );
    ctx.log({ id: data.id }, 'mailing list import failed on every retry');
  },
};
