import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';

/** The import jobs' queues (their workers are src/api/print-mail/mailing-list-imports/mailing-list-import*.job.ts). */
export const IMPORT_JOBS = Object.freeze({
  /** validating → completed | changes_required, a slice of rows per run (import-run.ts). */
  run: 'mailing-list-import',
  /** After the last retry: the import becomes changes_required, nothing of it imported. */
  failed: 'mailing-list-import-failed',
});

export interface ImportJobData {
  id: string;
  orgId: string;
  live: boolean;
}

/** Queues an import's job in the caller's transaction: it exists exactly when the import does. */
export async function enqueueImportJob(db: Queryable, boss: PgBoss, scope: Scope, id: string): Promise<void> {
  const data: ImportJobData = { id, orgId: scope.orgId, live: scope.live };
  await db.query(await jobInsertStatement(boss, [{ name: IMPORT_JOBS.run, data }]));
}
