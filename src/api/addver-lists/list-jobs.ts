import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../db/job-insert.js';
import type { Queryable } from '../../db/pool.js';
import type { Scope } from '../../db/scope.js';

export const LISTS_TABLE = 'addver_lists';

/** The list queues (their workers are src/api/addver-lists/addver-list.job.ts). */
export const LIST_JOBS = Object.freeze({
  /** pending → processing → processed, a slice of rows per run (list-run.ts). */
  run: 'addver-list',
  /** After the last retry: the list fails and its lookups are given back. */
  failed: 'addver-list-failed',
});

export interface ListJobData {
  id: string;
  orgId: string;
  live: boolean;
}

/** Queues a list's job in the caller's transaction: it exists exactly when the list does. */
export async function enqueueListJob(db: Queryable, boss: PgBoss, scope: Scope, id: string): Promise<void> {
  const data: ListJobData = { id, orgId: scope.orgId, live: scope.live };
  await db.query(await jobInsertStatement(boss, [{ name: LIST_JOBS.run, data }]));
}

/** Blob keys of a list's output: its numbered parts while it runs, then the whole CSV. */
const folder = (list: { id: string; live: boolean }) =>
  `addver-lists/${list.live ? 'live' : 'test'}/${list.id}`;
export const partKey = (list: { id: string; live: boolean }, n: number) => `${folder(list)}/part-${n}.csv`;
export const resultKey = (list: { id: string; live: boolean }) => `${folder(list)}/result.csv`;
