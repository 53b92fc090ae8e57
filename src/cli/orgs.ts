import { ensureOrganization, findOrganizationByName } from '../platform/auth/organizations.repo.js';
import { periodOf } from '../platform/metering/metering.js';
import { lookupInfo, setPlan } from '../platform/metering/metering.repo.js';
import { type Args, requireFlag, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

export const ORGS_USAGE = `postroom orgs set-plan --org NAME [--free-limit N|unlimited] [--subscribed true|false]
postroom orgs show --org NAME`;

function parseLimit(value: string | true | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'unlimited') return null;
  const n = Number(value);
  if (value === true || !Number.isInteger(n) || n < 0)
    throw new UsageError('--free-limit must be a whole number or "unlimited"');
  return n;
}

function parseBool(value: string | true | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError('--subscribed must be true or false');
}

/** Operators set an organization's lookup plan (address verification metering). */
export async function orgsCommand(args: Args): Promise<number> {
  const sub = args.positional[1];
  const name = requireFlag(args, 'org');
  if (sub === 'set-plan') {
    const freeLimit = parseLimit(args.flags['free-limit']);
    const subscribed = parseBool(args.flags.subscribed);
    if (freeLimit === undefined && subscribed === undefined)
      throw new UsageError('set-plan needs --free-limit or --subscribed');
    const info = await withDatabase(async (db) => {
      const org = await ensureOrganization(db.pool, name);
      await setPlan(db.pool, org.id, { freeLimit, subscribed });
      return lookupInfo(db.pool, org.id, periodOf(new Date()));
    });
    console.log(JSON.stringify({ org: name, ...info }));
    return 0;
  }
  if (sub === 'show') {
    const info = await withDatabase(async (db) => {
      const org = await findOrganizationByName(db.pool, name);
      return (
        org && {
          id: org.id,
          countryCode: org.countryCode,
          ...(await lookupInfo(db.pool, org.id, periodOf(new Date()))),
        }
      );
    });
    if (!info) {
      console.error(`no organization named "${name}"`);
      return 1;
    }
    console.log(JSON.stringify({ org: name, ...info }));
    return 0;
  }
  throw new UsageError(ORGS_USAGE);
}
