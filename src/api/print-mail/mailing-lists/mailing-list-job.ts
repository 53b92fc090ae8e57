import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Pool, Queryable } from '../../../db/pool.js';
import { lockDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { apiError, invalid, notFound } from '../../../platform/errors.js';
import { randomBase58 } from '../../../platform/ids.js';
import { refuseWhileSending } from '../campaigns/campaign-refs.js';
import {
  JOB_OPS,
  type MailingList,
  type MailingListJobBody,
  type MailingListJobOp,
} from './mailing-list.schema.js';
import {
  addContacts,
  addImports,
  existingContacts,
  importStatuses,
  LISTS_TABLE,
  removeContacts,
  removeImports,
} from './mailing-list-members.repo.js';

/** The queue of list jobs (its worker is src/api/print-mail/mailing-lists/mailing-list.job.ts). */
export const MAILING_LIST_JOB = 'mailing-list-job';
/** The job's dead letters: a job that failed on every retry (mailing-list-job-failed.ts). */
export const MAILING_LIST_JOB_FAILED = 'mailing-list-job-failed';

export interface MailingListJobData {
  listId: string;
  orgId: string;
  live: boolean;
  /** The list's running_job while this job is its job. */
  token: string;
  op: MailingListJobOp;
  ids: string[];
}

/**
 * `POST /mailing_lists/{id}/jobs`: checks the one operation (ids the caller has; imports
 * completed), puts the list in `creating_contacts` or `removing_contacts` and queues the job
 * that does it, all in one transaction. One job at a time: a list not `completed` is a 422.
 */
export async function startListJob(
  tx: pg.PoolClient,
  boss: PgBoss,
  scope: Scope,
  listId: string,
  body: MailingListJobBody,
  now: Date,
): Promise<MailingList> {
  const given = JOB_OPS.filter((op) => body[op] !== undefined);
  if (given.length !== 1)
    throw invalid(
      given.length ? given.join(' and ') : 'body',
      given.length
        ? 'cannot be combined: a job does one operation.'
        : `must name one of ${JOB_OPS.join(', ')}.`,
    );
  const op = given[0];
  const sent = body[op] ?? [];
  const ids = [...new Set(sent)];
  const list = await lockDoc<MailingList>(tx, LISTS_TABLE, scope, listId);
  if (!list) throw notFound('mailing_list', listId);
  if (list.status !== 'completed')
    throw apiError(
      'mailing_list_status_error',
      `Mailing list ${listId} is ${list.status.replaceAll('_', ' ')}: a job can start only once the running one is done (status completed).`,
    );
  await refuseWhileSending(tx, scope, listId, 'changed');
  await checkIds(tx, scope, op, ids, (id) => sent.indexOf(id));
  const token = randomBase58(16);
  const { errors: _lastJobs, ...rest } = list;
  const next: MailingList = {
    ...rest,
    status: op.startsWith('add') ? 'creating_contacts' : 'removing_contacts',
    updatedAt: now.toISOString(),
  };
  await tx.query(`UPDATE ${LISTS_TABLE} SET doc = $2, updated_at = $3, running_job = $4 WHERE id = $1`, [
    listId,
    JSON.stringify(next),
    next.updatedAt,
    token,
  ]);
  const data: MailingListJobData = { listId, orgId: scope.orgId, live: scope.live, token, op, ids };
  await tx.query(await jobInsertStatement(boss, [{ name: MAILING_LIST_JOB, data }]));
  return next;
}

/**
 * A 400 naming the entry for an id the caller does not have (or an import not completed):
 * `at` gives an id's index in the body as sent, repeats included.
 */
async function checkIds(
  tx: pg.PoolClient,
  scope: Scope,
  op: MailingListJobOp,
  ids: string[],
  at: (id: string) => number,
): Promise<void> {
  if (op === 'addContacts') {
    const found = await existingContacts(tx, scope, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined)
      throw invalid(`${op}[${at(missing)}]`, `refers to contact ${missing}, which does not exist.`);
  }
  if (op === 'addMailingListImports' || op === 'removeMailingListImports') {
    const statuses = await importStatuses(tx, scope, ids);
    for (const id of ids) {
      const status = statuses.get(id);
      if (!status)
        throw invalid(`${op}[${at(id)}]`, `refers to mailing list import ${id}, which does not exist.`);
      if (op === 'addMailingListImports' && status !== 'completed')
        throw invalid(
          `${op}[${at(id)}]`,
          `refers to mailing list import ${id}, which is ${status.replaceAll('_', ' ')}, not completed.`,
        );
    }
  }
}

/**
 * Does a list job: the members change and the list is `completed` again in one transaction,
 * so a job that crashes is done again whole by its retry. A job that is no longer the list's
 * (the list was deleted) changes nothing. An import deleted since the job was asked for is
 * reported in the list's `errors`; a contact deleted since is simply not added.
 */
export async function runListJob(pool: Pool, data: MailingListJobData, now: Date): Promise<void> {
  const scope = { orgId: data.orgId, live: data.live };
  await withTransaction(pool, async (tx) => {
    // Not locked yet: the member statements lock the contacts they touch, and then (their
    // trigger, counting) the list, the order a contact's delete takes them in too.
    const current = await tx.query(`SELECT 1 FROM ${LISTS_TABLE} WHERE id = $1 AND running_job = $2`, [
      data.listId,
      data.token,
    ]);
    if (!current.rowCount) return;
    const errors: MailingList['errors'] = [];
    if (data.op === 'addContacts') await addContacts(tx, scope, data.listId, data.ids);
    if (data.op === 'removeContacts') await removeContacts(tx, data.listId, data.ids);
    if (data.op === 'addMailingListImports' || data.op === 'removeMailingListImports') {
      const found = await importStatuses(tx, scope, data.ids);
      const gone = data.ids.filter((id) => !found.has(id));
      if (gone.length)
        errors.push({
          type: 'mailing_list_imports_not_found_error',
          message: `These mailing list imports no longer exist: ${gone.join(', ')}.`,
        });
      const there = data.ids.filter((id) => found.has(id));
      if (data.op === 'addMailingListImports') await addImports(tx, scope, data.listId, there);
      else await removeImports(tx, scope, data.listId, there);
    }
    await completeList(tx, data, now, errors);
  });
}

/** The list completed again, its job's errors (if any) in place of the last job's. */
async function completeList(
  db: Queryable,
  data: MailingListJobData,
  now: Date,
  errors: NonNullable<MailingList['errors']>,
): Promise<void> {
  const doc = { status: 'completed', updatedAt: now.toISOString(), ...(errors.length ? { errors } : {}) };
  await db.query(
    `UPDATE ${LISTS_TABLE}
        SET doc = (doc - 'errors') || $3::jsonb, updated_at = $4, running_job = NULL
      WHERE id = $1 AND running_job = $2`,
    [data.listId, data.token, JSON.stringify(doc), now.toISOString()],
  );
}

/**
 * A job that failed on every retry: the list is completed again with an `internal_service_error`
 * saying so, instead of changing its members forever (no other job could start). The job is one
 * transaction, so nothing of it was applied.
 */
export async function failListJob(pool: Pool, data: MailingListJobData, now: Date): Promise<void> {
  await completeList(pool, data, now, [
    {
      type: 'internal_service_error',
      message: 'The job could not be done after several attempts; nothing of it was applied. Start it again.',
    },
  ]);
}
