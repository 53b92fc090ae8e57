import type { JobDefinition } from '../../job-definition.js';
import { applyImport } from './scan-import.js';
import { forgetAppliedImports, pendingImports } from './scan-part.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Applies what a scan import staged and left unapplied: its process stopped between a part's
 * transactions (scan-import.ts). Every minute; a part an importer is applying is waited for
 * (its row lock), not applied twice. Its orders' events are dated by this run. Imports applied
 * over a day ago are removed (their counts were answered when they were applied).
 */
export const resumeScanImports: JobDefinition = {
  name: 'resume-scan-imports',
  cron: '* * * * *',
  async run(_data, ctx) {
    for (const id of await pendingImports(ctx.pool)) {
      const orderCtx = { now: ctx.clock.now(), signer: ctx.signer };
      const counts = await applyImport(ctx.pool, id, orderCtx, { orders: 20_000, appliers: 1 });
      ctx.log({ importId: id, ...counts }, 'a scan import left unapplied is applied');
    }
    await forgetAppliedImports(ctx.pool, new Date(ctx.clock.now().getTime() - DAY_MS));
  },
};
