import type pg from 'pg';
import { insertDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { notFound } from '../../../platform/errors.js';
import { chargeCredit } from '../../../platform/metering/list-build-credits.repo.js';
import type { AppDeps } from '../../deps.js';
import { mailingListResource } from '../mailing-lists/mailing-list.resource.js';
import { LISTS_TABLE } from '../mailing-lists/mailing-list-members.repo.js';
import { readBuild, saveBuild } from './list-build.repo.js';
import { listBuildStatusError } from './list-build.resource.js';
import type { TargetedListBuild } from './list-build.schema.js';
import { enqueueBuild } from './list-build-jobs.js';

/**
 * `POST /targeted_list_builds/{id}/confirm`, in one transaction: a build whose quote is ready
 * is charged (live mode: the quote's count × price, or 402 with nothing done), gets its mailing
 * list (`creating_contacts`, so no job or campaign uses it half built) and queues its build.
 */
export async function confirmBuild(
  tx: pg.PoolClient,
  deps: AppDeps,
  scope: Scope,
  id: string,
  now: Date,
): Promise<TargetedListBuild> {
  const row = await readBuild(tx, scope, id, { lock: true });
  if (!row) throw notFound('targeted_list_build', id);
  const { doc } = row;
  if (doc.status !== 'quote_ready' || !doc.quote)
    throw listBuildStatusError(doc, 'confirmed', 'once its quote is ready (status quote_ready)');
  if (scope.live) await chargeCredit(tx, scope, doc.quote.count * doc.quote.pricePerContactCents, id);
  const list = {
    ...(await mailingListResource.create(
      {
        description: doc.description ?? `Targeted list build ${id}`,
        metadata: { targetedListBuild: id },
      },
      { db: tx, scope, orgCountryCode: 'US', now, deps },
    )),
    status: 'creating_contacts' as const,
  };
  await insertDoc(tx, LISTS_TABLE, scope, list, mailingListResource.searchText(list));
  // The list's running job is the build (its id the token): a list job cannot start meanwhile.
  await tx.query(`UPDATE ${LISTS_TABLE} SET running_job = $2 WHERE id = $1`, [list.id, id]);
  const stamp = now.toISOString();
  const next: TargetedListBuild = {
    ...doc,
    status: 'creating_list',
    buildProgressPercent: 0,
    confirmedAt: stamp,
    updatedAt: stamp,
  };
  await saveBuild(tx, scope, next, { mailingListId: list.id, buildTotal: null, builtThrough: 0 });
  await enqueueBuild(tx, deps.boss, scope, id);
  return next;
}
