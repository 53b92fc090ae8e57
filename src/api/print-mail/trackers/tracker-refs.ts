import { createHash } from 'node:crypto';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { MergeContext } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { randomBase58 } from '../../../platform/ids.js';
import { qrCodeDataUrl } from './tracker-qr.js';
import { ensureOrderLinks, existingTrackers } from './tracker-visits.repo.js';

/**
 * Trackers named in an order's content: `{{tracker_ID}}` prints the order's own short URL and
 * `{{tracker_ID.qrcode}}` a QR code of it (as an image source). They are not merge variables
 * the caller supplies.
 */
const TRACKER_NAME = 'tracker_[1-9A-HJ-NP-Za-km-z]{22}';
const TRACKER_REF = new RegExp(`\\{\\{\\{?\\s*(${TRACKER_NAME})(?:\\.qrcode)?\\s*\\}?\\}\\}`, 'g');
const TRACKER_VARIABLE = new RegExp(`^${TRACKER_NAME}(\\.qrcode)?$`);

/** The tracker ids `text` (HTML, or an order's stored content as JSON) names, each once. */
export function trackerIdsIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(TRACKER_REF), (m) => m[1]))];
}

/** True for a merge variable that names a tracker, which the server fills in itself. */
export const isTrackerVariable = (name: string): boolean => TRACKER_VARIABLE.test(name);

/** A 400 when the order's content names a tracker the caller does not have. */
export async function checkOrderTrackers(
  db: Queryable,
  scope: Scope,
  input: Record<string, unknown>,
  content: unknown,
): Promise<void> {
  const ids = trackerIdsIn(JSON.stringify(content));
  if (ids.length === 0) return;
  const found = await existingTrackers(db, scope, ids);
  const missing = ids.find((id) => !found.has(id));
  if (!missing) return;
  // The field that holds it, when it is written in the request rather than in a template.
  const field =
    Object.keys(input).find((k) => JSON.stringify(input[k] ?? '').includes(missing)) ?? 'template';
  throw invalid(field, `uses ${missing}, which is not one of your trackers.`);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The code printed for a tracker deleted after the order was made: the order still prints a
 * short link of the same form (and its QR code), as it would have. Deleting a tracker retires
 * its links, so this one is never stored and answers 404, as the deleted tracker's others do.
 * It is made from the two ids, so every render of the order prints the same one.
 */
export function retiredLinkCode(orderId: string, trackerId: string): string {
  const digest = createHash('sha256').update(`${orderId}/${trackerId}`).digest();
  return Array.from(digest.subarray(0, 12), (byte) => BASE58[byte % 58]).join('');
}

/**
 * The merge values of the trackers an order's content names: each its short URL under
 * `publicUrl`, with `.qrcode` a QR code of that URL. Links are made the first time an order is
 * rendered and kept, so every render of the order prints the same ones. A tracker deleted since
 * the order was made prints a retired link (retiredLinkCode): the order prints as it would
 * have, nothing of the tracker is kept for it.
 */
export async function trackerMergeValues(
  db: Queryable,
  order: { id: string; orgId: string; live: boolean; createdAt: Date; content: unknown },
  publicUrl: string,
): Promise<MergeContext> {
  const ids = trackerIdsIn(JSON.stringify(order.content));
  if (ids.length === 0) return {};
  const codes = await ensureOrderLinks(
    db,
    { orgId: order.orgId, live: order.live },
    order,
    ids.map((trackerId) => ({ trackerId, code: randomBase58(12) })),
  );
  const values: MergeContext = {};
  for (const trackerId of ids) {
    const url = trackerUrl(publicUrl, codes.get(trackerId) ?? retiredLinkCode(order.id, trackerId));
    // Prints as the URL itself ({{tracker_ID}}), and has the QR code as a field.
    values[trackerId] = { toString: () => url, qrcode: qrCodeDataUrl(url) };
  }
  return values;
}

export const TRACKER_URL_PATH = '/t';
export const trackerUrl = (publicUrl: string, code: string) => `${publicUrl}${TRACKER_URL_PATH}/${code}`;
