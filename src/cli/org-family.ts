import { countMail, monthStart } from '../api/print-mail/sub-organizations/mail-usage.repo.js';
import type { Queryable } from '../db/pool.js';
import type { Organization } from '../platform/auth/organizations.repo.js';
import { periodOf } from '../platform/metering/metering.js';
import { countedLookups, lookupInfo } from '../platform/metering/metering.repo.js';

// Counting mail reads every order kind's table (ORDER_KINDS, which loads the print & mail
// code): only `orgs show` needs this module, so keys and the other orgs commands do not load it.

export async function childrenOf(db: Queryable, orgId: string): Promise<string[]> {
  const res = await db.query('SELECT id FROM organizations WHERE parent_id = $1 ORDER BY created_at', [
    orgId,
  ]);
  return res.rows.map((r) => r.id);
}

/**
 * What `orgs show` prints about an organization's family: the lookup plan that applies (its
 * parent's, for a child) with the family's use, its own lookups, and this month's live mail
 * pieces, its own and its children's.
 */
export async function familyUsage(db: Queryable, org: Organization, now: Date) {
  const period = periodOf(now);
  const children = await childrenOf(db, org.id);
  const own = (await countMail(db, [org.id], true, monthStart(now))).get(org.id) ?? 0;
  const theirs = [...(await countMail(db, children, true, monthStart(now))).values()].reduce(
    (a, b) => a + b,
    0,
  );
  const counted = await countedLookups(db, [org.id], period);
  const childLookups = await countedLookups(db, children, period);
  return {
    parentId: org.parentId,
    disabled: org.disabledAt !== null,
    subOrganizations: children.length,
    ...(await lookupInfo(db, org.id, period)),
    lookups: { period, own: counted - childLookups, subOrganizations: childLookups },
    mail: { period, own, subOrganizations: theirs, total: own + theirs },
  };
}
