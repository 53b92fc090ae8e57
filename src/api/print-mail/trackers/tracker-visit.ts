import { createHmac, randomBytes } from 'node:crypto';
import type { Pool, Queryable } from '../../../db/pool.js';
import { insertDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { buildMergeContext } from '../../../engines/render/index.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { loadSecret } from '../../../platform/server-secrets.repo.js';
import { recordEvent } from '../events/record-event.js';
import { orderKindOfId } from '../orders/order-kinds.js';
import { readOrder } from '../orders/orders.repo.js';
import { redirectTarget } from './redirect-template.js';
import type { Tracker, TrackerVisit } from './tracker.schema.js';
import { addVisitor, countVisit, findLink, VISITS_TABLE } from './tracker-visits.repo.js';
import { visitorDevice } from './visitor-device.js';

export type VisitOutcome = { kind: 'redirect'; url: string } | { kind: 'expired' } | { kind: 'not_found' };

/** One server-wide salt, so the same address hashes alike in every process (and nowhere else). */
const salts = new WeakMap<object, Promise<Buffer>>();
function visitorSalt(db: Pool): Promise<Buffer> {
  let salt = salts.get(db);
  if (!salt) {
    salt = loadSecret(db, 'tracker-visitor-salt', () => randomBytes(32));
    salt.catch(() => salts.delete(db));
    salts.set(db, salt);
  }
  return salt;
}

/** What a visit records in place of the address: the salted hash, never the address itself. */
export async function visitorHash(db: Pool, ip: string): Promise<string> {
  return createHmac('sha256', await visitorSalt(db))
    .update(ip)
    .digest('hex');
}

/** The order a link was printed on, to merge the redirect over. */
async function orderDoc(db: Queryable, orderId: string): Promise<Record<string, any> | undefined> {
  const kind = orderKindOfId(orderId);
  return kind ? (await readOrder(db, kind, orderId))?.doc : undefined;
}

/**
 * A visit to a tracker's short link: where it goes, and, when it is a real visit (GET, link
 * not expired), its record, the tracker's counts and a `tracker.visited` event, in one
 * transaction. The target is made from the tracker's template as it is now, merged over the
 * order's own contacts and merge variables.
 */
export async function visitTrackerLink(
  db: Pool,
  code: string,
  visitor: { ip: string; userAgent?: string },
  options: { record: boolean; now: Date },
): Promise<VisitOutcome> {
  const link = await findLink(db, code);
  if (!link) return { kind: 'not_found' };
  if (new Date(link.expiresAt).getTime() <= options.now.getTime()) return { kind: 'expired' };
  const hash = await visitorHash(db, visitor.ip);
  return withTransaction(db, async (tx) => {
    const locked = await tx.query('SELECT doc FROM trackers WHERE id = $1 FOR UPDATE', [link.trackerId]);
    const tracker: Tracker | undefined = locked.rows[0]?.doc;
    if (!tracker) return { kind: 'not_found' } as const;
    const order = await orderDoc(tx, link.orderId);
    const url = order
      ? redirectTarget(
          tracker.redirectURLTemplate,
          buildMergeContext(order.mergeVariables, order.to, order.from),
        )
      : null;
    if (!url) return { kind: 'not_found' } as const;
    if (!options.record) return { kind: 'redirect', url } as const;
    const scope: Scope = { orgId: link.orgId, live: link.live };
    const stamp = options.now.toISOString();
    const visit: TrackerVisit = {
      id: newId(ID_PREFIX.trackerVisit),
      object: 'tracker_visit',
      tracker: tracker.id,
      live: link.live,
      orderID: link.orderId,
      device: visitorDevice(visitor.userAgent),
      ipAddress: hash,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await insertDoc(
      tx,
      VISITS_TABLE,
      scope,
      visit,
      `${visit.id} ${visit.orderID} ${visit.device}`.toLowerCase(),
    );
    await countVisit(tx, tracker.id, await addVisitor(tx, tracker.id, hash));
    await recordEvent(tx, scope, { type: 'tracker.visited', data: visit }, options.now);
    return { kind: 'redirect', url } as const;
  });
}
