import { findOrganizationByName, setOrganizationDisabled } from '../platform/auth/organizations.repo.js';
import { periodOf } from '../platform/metering/metering.js';
import { geocodingEnabled, INTL_LOOKUPS, lookupInfo, setPlan } from '../platform/metering/metering.repo.js';
import { type Args, requireFlag, UsageError } from './args.js';
import { organizationNamed } from './org-named.js';
import { creditCommand } from './orgs-credit.js';
import { withDatabase } from './with-database.js';

function parseLimit(value: string | true | undefined, flag = 'free-limit'): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'unlimited') return null;
  const n = Number(value);
  if (value === true || !Number.isInteger(n) || n < 0)
    throw new UsageError(`--${flag} must be a whole number or "unlimited"`);
  return n;
}

function parseBool(value: string | true | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`--${flag} must be true or false`);
}

/** Operators set an organization's lookup plan (address verification metering), see it, disable it (flags: specs/orgs.ts). */
export async function orgsCommand(args: Args): Promise<number> {
  const sub = args.positional[1];
  const name = requireFlag(args, 'org');
  if (sub === 'set-plan') {
    const freeLimit = parseLimit(args.flags['free-limit']);
    const subscribed = parseBool(args.flags.subscribed, 'subscribed');
    const geocoding = parseBool(args.flags.geocoding, 'geocoding');
    const intlFreeLimit = parseLimit(args.flags['intl-free-limit'], 'intl-free-limit');
    const intlSubscribed = parseBool(args.flags['intl-subscribed'], 'intl-subscribed');
    const intlPlan = intlFreeLimit !== undefined || intlSubscribed !== undefined;
    if (freeLimit === undefined && subscribed === undefined && geocoding === undefined && !intlPlan)
      throw new UsageError(
        'set-plan needs --free-limit, --subscribed, --geocoding, --intl-free-limit or --intl-subscribed',
      );
    const outcome = await withDatabase(async (db) => {
      const org = await organizationNamed(db.pool, name);
      if (!org) return { error: `no organization named "${name}"` };
      // A sub-organization's lookups count against its parent's plan: that is the one to set.
      if (org.parentId)
        return { error: `"${name}" is a sub-organization of ${org.parentId}: set its parent's plan` };
      await setPlan(db.pool, org.id, { freeLimit, subscribed, geocoding });
      if (intlPlan)
        await setPlan(
          db.pool,
          org.id,
          { freeLimit: intlFreeLimit, subscribed: intlSubscribed },
          INTL_LOOKUPS,
        );
      const info = await lookupInfo(db.pool, org.id, periodOf(new Date()));
      const intl = await lookupInfo(db.pool, org.id, periodOf(new Date()), INTL_LOOKUPS);
      return { info: { ...info, geocoding: await geocodingEnabled(db.pool, org.id), intl } };
    });
    if ('error' in outcome) {
      console.error(outcome.error);
      return 1;
    }
    console.log(JSON.stringify({ org: name, ...outcome.info }));
    return 0;
  }
  if (sub === 'show') {
    const info = await withDatabase(async (db) => {
      const org = await findOrganizationByName(db.pool, name);
      return (
        org && {
          id: org.id,
          countryCode: org.countryCode,
          ...(await (await import('./org-family.js')).familyUsage(db.pool, org, new Date())),
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
  if (sub === 'credit') return creditCommand(args, name);
  if (sub === 'disable' || sub === 'enable') {
    const found = await withDatabase(async (db) => {
      const org = await findOrganizationByName(db.pool, name);
      return org && setOrganizationDisabled(db.pool, org.id, sub === 'disable');
    });
    if (!found) {
      console.error(`no organization named "${name}"`);
      return 1;
    }
    console.log(`${sub}d organization "${name}"`);
    return 0;
  }
  throw new UsageError(`unknown command orgs ${sub}`);
}
