import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { countPoints, resolveArea, samplePoints } from './area-points.repo.js';
import { readBuild, saveBuild } from './list-build.repo.js';
import type { TargetedListBuild } from './list-build.schema.js';
import { checkFilters } from './list-build-filters.js';
import type { ListBuildJobData } from './list-build-jobs.js';
import { previewOfPoint } from './point-contacts.js';

/** Sample records a quote shows. */
export const PREVIEW_RECORDS = 5;

export interface QuoteDeps {
  pool: Pool;
  clock: { now(): Date };
  /** Cents of list build credit per contact (Config.listBuildCreditCents). */
  pricePerContactCents: number;
}

/**
 * generating_quote → quote_ready: counts the area's address points (the limit counted in)
 * and takes a few as masked previews. An area without points is a quote of 0, not an error.
 * A quote whose build changed meanwhile (another token) is dropped: the change queued its own.
 */
export async function generateQuote(deps: QuoteDeps, data: ListBuildJobData): Promise<void> {
  const scope = { orgId: data.orgId, live: data.live };
  const seen = await readBuild(deps.pool, scope, data.id);
  if (!seen || seen.quoteToken !== data.token || seen.doc.status !== 'generating_quote') return;
  const { audience, request } = checkFilters(seen.doc);
  const area = await resolveArea(deps.pool, request);
  const total = await countPoints(deps.pool, area);
  const count = seen.doc.limit === undefined ? total : Math.min(total, seen.doc.limit);
  const sample = count ? await samplePoints(deps.pool, area, Math.min(PREVIEW_RECORDS, count)) : [];
  await withTransaction(deps.pool, async (tx) => {
    const row = await readBuild(tx, scope, data.id, { lock: true });
    if (!row || row.quoteToken !== data.token || row.doc.status !== 'generating_quote') return;
    const now = deps.clock.now().toISOString();
    const next: TargetedListBuild = {
      ...row.doc,
      status: 'quote_ready',
      quote: { count, pricePerContactCents: deps.pricePerContactCents, generatedAt: now },
      previewRecords: sample.map((p) => previewOfPoint(p, audience)),
      updatedAt: now,
    };
    await saveBuild(tx, scope, next, { area, quoteToken: null });
  });
}

/** After the quote job's last retry: failed, with why, until the filters are changed again. */
export async function failQuote(deps: Pick<QuoteDeps, 'pool' | 'clock'>, data: ListBuildJobData) {
  const scope = { orgId: data.orgId, live: data.live };
  await withTransaction(deps.pool, async (tx) => {
    const row = await readBuild(tx, scope, data.id, { lock: true });
    if (!row || row.quoteToken !== data.token || row.doc.status !== 'generating_quote') return;
    const next: TargetedListBuild = {
      ...row.doc,
      status: 'failed',
      errors: [
        {
          type: 'internal_service_error',
          message:
            'The quote could not be generated after several attempts; update the filters to try again.',
        },
      ],
      updatedAt: deps.clock.now().toISOString(),
    };
    await saveBuild(tx, scope, next, { quoteToken: null });
  });
}
