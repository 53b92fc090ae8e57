import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { randomBase58 } from '../../../platform/ids.js';

export const BUILDS_TABLE = 'targeted_list_builds';

/** The list build jobs' queues (their workers are src/api/print-mail/targeted-list-builds/targeted-list-build*.job.ts). */
export const LIST_BUILD_JOBS = Object.freeze({
  /** generating_quote → quote_ready (list-build-quote.ts). */
  quote: 'targeted-list-build-quote',
  /** creating_list → completed, a slice of pages per run (list-build-run.ts). */
  build: 'targeted-list-build',
  /** Either job after its last retry: the build fails (refunded when it was charged). */
  failed: 'targeted-list-build-failed',
});

export interface ListBuildJobData {
  id: string;
  orgId: string;
  live: boolean;
  /** A quote job's token: it counts only while the build still waits for it. */
  token?: string;
}

/**
 * Queues a quote of the build's filters as they are now, in the caller's transaction (the
 * build's row locked or just inserted): the build waits for this quote and no other.
 */
export async function enqueueQuote(db: Queryable, boss: PgBoss, scope: Scope, id: string): Promise<void> {
  const token = randomBase58(12);
  await db.query(`UPDATE ${BUILDS_TABLE} SET quote_token = $2 WHERE id = $1`, [id, token]);
  const data: ListBuildJobData = { id, orgId: scope.orgId, live: scope.live, token };
  await db.query(await jobInsertStatement(boss, [{ name: LIST_BUILD_JOBS.quote, data }]));
}

export async function enqueueBuild(db: Queryable, boss: PgBoss, scope: Scope, id: string): Promise<void> {
  const data: ListBuildJobData = { id, orgId: scope.orgId, live: scope.live };
  await db.query(await jobInsertStatement(boss, [{ name: LIST_BUILD_JOBS.build, data }]));
}
