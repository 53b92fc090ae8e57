import { findOrganizationByName } from '../platform/auth/organizations.repo.js';
import { creditBalance, grantCredit } from '../platform/metering/list-build-credits.repo.js';
import { type Args, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

/**
 * `postroom orgs credit`: an organization's list build credit (targeted list builds charge
 * it in live mode, docs/targeted-list-builds.md), shown, or changed by --cents.
 */
export async function creditCommand(args: Args, name: string): Promise<number> {
  const mode = args.flags.mode ?? 'live';
  if (mode !== 'live' && mode !== 'test') throw new UsageError('--mode must be live or test');
  const raw = args.flags.cents;
  const cents = raw === undefined ? undefined : Number(raw);
  if (cents !== undefined && (raw === true || !Number.isSafeInteger(cents) || cents === 0))
    throw new UsageError('--cents must be a whole number of cents other than 0');
  const outcome = await withDatabase(async (db) => {
    const org = await findOrganizationByName(db.pool, name);
    if (!org) return undefined;
    const scope = { orgId: org.id, live: mode === 'live' };
    return cents === undefined ? creditBalance(db.pool, scope) : grantCredit(db.pool, scope, cents);
  });
  if (outcome === undefined) {
    console.error(`no organization named "${name}"`);
    return 1;
  }
  console.log(JSON.stringify({ org: name, mode, listBuildCreditCents: outcome }));
  return 0;
}
