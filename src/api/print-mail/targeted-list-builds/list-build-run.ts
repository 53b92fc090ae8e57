import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { ApiError } from '../../../platform/errors.js';
import { refundCharge } from '../../../platform/metering/list-build-credits.repo.js';
import type { ContactAddressing } from '../contacts/contact-address.js';
import { prepareContact } from '../contacts/contacts.service.js';
import { batchedAddressing } from '../mailing-list-imports/batched-addressing.js';
import { LISTS_TABLE } from '../mailing-lists/mailing-list-members.repo.js';
import { dropSnapshot, pointsPage, snapshotPoints } from './area-points.repo.js';
import { type BuildRow, readBuild, saveBuild } from './list-build.repo.js';
import type { TargetedListBuild } from './list-build.schema.js';
import { checkFilters } from './list-build-filters.js';
import type { ListBuildJobData } from './list-build-jobs.js';
import { addBuiltContacts } from './list-build-members.repo.js';
import { contactOfPoint } from './point-contacts.js';

export interface BuildDeps {
  pool: Pool;
  clock: { now(): Date };
  /** Verifies live contacts, as POST /contacts does. */
  addressing: ContactAddressing;
}

export interface BuildOptions {
  /** After the page that passes this many milliseconds the run stops, to be continued by another. */
  budgetMs?: number;
  /** Or after this many pages. */
  maxPages?: number;
  pageSize?: number;
}

/** Points made contacts per transaction: one verifyMany and one insert each. */
export const BUILD_PAGE_SIZE = 500;

/**
 * Moves a confirmed build on, a page of points per transaction, each page's contacts, list
 * members and progress committed together: a run that stops anywhere (a crash, a deploy) is
 * taken up by the next from the last committed page, and a page done twice adds nothing.
 * 'more' when the budget ran out first, 'done' when the build is completed (or was not running).
 */
export async function advanceBuild(
  deps: BuildDeps,
  data: ListBuildJobData,
  options: BuildOptions = {},
): Promise<'done' | 'more'> {
  const scope = { orgId: data.orgId, live: data.live };
  const started = performance.now();
  for (let pages = 1; ; pages++) {
    const outcome = await withTransaction(deps.pool, (tx) =>
      buildPage(tx, deps, scope, data.id, options.pageSize ?? BUILD_PAGE_SIZE),
    );
    if (outcome === 'done') return 'done';
    const spent = performance.now() - started > (options.budgetMs ?? Number.POSITIVE_INFINITY);
    if (spent || pages >= (options.maxPages ?? Number.POSITIVE_INFINITY)) return 'more';
  }
}

async function buildPage(
  tx: pg.PoolClient,
  deps: BuildDeps,
  scope: Scope,
  id: string,
  pageSize: number,
): Promise<'done' | 'more'> {
  const row = await readBuild(tx, scope, id, { lock: true });
  if (row?.doc.status !== 'creating_list' || !row.mailingListId || !row.area) return 'done';
  const listId = row.mailingListId;
  const list = await tx.query(`SELECT 1 FROM ${LISTS_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3`, [
    listId,
    scope.orgId,
    scope.live,
  ]);
  if (!list.rowCount) {
    await failBuild(tx, deps, scope, row, `Mailing list ${listId} was deleted before the build finished.`);
    return 'done';
  }
  const now = deps.clock.now();
  let total = row.buildTotal;
  if (total === null) {
    total = await snapshotPoints(tx, id, row.area, row.doc.quote?.count ?? 0);
    await saveBuild(tx, scope, row.doc, { buildTotal: total });
  }
  const page = await pointsPage(tx, id, row.builtThrough, pageSize);
  if (page.length) {
    const { audience } = checkFilters(row.doc);
    const ctx = { scope, orgCountryCode: 'US', addressing: batchedAddressing(deps.addressing), now };
    const contacts = await Promise.all(
      page.map((p) => prepareContact(contactOfPoint(p, audience), ctx).catch(skipInvalid)),
    );
    await addBuiltContacts(
      tx,
      scope,
      listId,
      contacts.filter((c) => c !== undefined),
      now,
    );
  }
  const through = page.at(-1)?.seq ?? total;
  if (through >= total) {
    await completeBuild(tx, scope, row, { listId, total }, now);
    return 'done';
  }
  const progressed: TargetedListBuild = {
    ...row.doc,
    buildProgressPercent: Math.min(99, Math.floor((through * 100) / total)),
    updatedAt: now.toISOString(),
  };
  await saveBuild(tx, scope, progressed, { builtThrough: through });
  return 'more';
}

/**
 * A point that is no valid contact (a 400 POST /contacts would answer, such as a street line
 * longer than a contact takes) is left out rather than failing the whole build.
 */
function skipInvalid(err: unknown): undefined {
  if (err instanceof ApiError && err.statusCode < 500) return undefined;
  throw err;
}

/** The build completed with its list's id, and the list ready (`completed`) for campaigns and jobs. */
async function completeBuild(
  tx: pg.PoolClient,
  scope: Scope,
  row: BuildRow,
  { listId, total }: { listId: string; total: number },
  now: Date,
) {
  const stamp = now.toISOString();
  await tx.query(
    `UPDATE ${LISTS_TABLE} SET doc = doc || $2::jsonb, updated_at = $3, running_job = NULL
      WHERE id = $1 AND running_job = $4`,
    [listId, JSON.stringify({ status: 'completed', updatedAt: stamp }), stamp, row.doc.id],
  );
  const done: TargetedListBuild = {
    ...row.doc,
    status: 'completed',
    buildProgressPercent: 100,
    mailingList: listId,
    completedAt: stamp,
    updatedAt: stamp,
  };
  await saveBuild(tx, scope, done, { builtThrough: total });
  await dropSnapshot(tx, row.doc.id);
}

/**
 * The build failed: its partly built list is deleted (its contacts stay, as any contact
 * does), its charge refunded, and it says why. It cannot be retried: a new build can.
 */
export async function failBuild(
  tx: pg.PoolClient,
  deps: Pick<BuildDeps, 'clock'>,
  scope: Scope,
  row: BuildRow,
  message: string,
): Promise<void> {
  if (row.mailingListId)
    await tx.query(
      `DELETE FROM ${LISTS_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3 AND running_job = $4`,
      [row.mailingListId, scope.orgId, scope.live, row.doc.id],
    );
  await refundCharge(tx, scope, row.doc.id);
  const { buildProgressPercent: _dropped, ...rest } = row.doc;
  const failed: TargetedListBuild = {
    ...rest,
    status: 'failed',
    errors: [{ type: 'internal_service_error', message }],
    updatedAt: deps.clock.now().toISOString(),
  };
  await saveBuild(tx, scope, failed);
  await dropSnapshot(tx, row.doc.id);
}

/** After the build job's last retry (api/print-mail/targeted-list-builds/targeted-list-build-failed.job.ts). */
export async function failBuildForGood(deps: BuildDeps, data: ListBuildJobData): Promise<void> {
  const scope = { orgId: data.orgId, live: data.live };
  await withTransaction(deps.pool, async (tx) => {
    const row = await readBuild(tx, scope, data.id, { lock: true });
    if (row?.doc.status !== 'creating_list') return;
    await failBuild(
      tx,
      deps,
      scope,
      row,
      'The list could not be built after several attempts; any list build credit it cost is refunded.',
    );
  });
}
