import type { OrderStatus } from '../orders/order-status.js';
import type { OrderRow } from '../orders/orders.repo.js';

const ZIP_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);
/** The kinds a live order of would carry a barcode (order-imb.ts): not a box, a parcel. */
const BARCODED_KINDS = new Set(['letter', 'postcard', 'self_mailer', 'snap_pack', 'cheque']);
const zipOf = (c: { postalOrZip?: string; countryCode?: string } | undefined) =>
  c && ZIP_COUNTRIES.has((c.countryCode ?? '').toUpperCase())
    ? /^\d{5}/.exec((c.postalOrZip ?? '').trim())?.[0]
    : undefined;

/**
 * Test mode has no barcode and no scans, so a progression plays them out for a piece of a
 * kind that would carry one, bound for a ZIP Code: reaching processed_for_delivery it has
 * entered the mail stream at the sender's ZIP (the destination's without a US sender),
 * reaching completed it is out for delivery at the destination's, each dated now. Clients can thus test what they do with
 * imbStatus and its webhooks. Nothing for other destinations or other steps.
 */
export function testProgressionImb(
  kind: string,
  row: OrderRow,
  next: OrderStatus,
  now: Date,
): Record<string, unknown> {
  const doc = row.doc as Record<string, any>;
  if (!BARCODED_KINDS.has(kind)) return {};
  const destination = zipOf(doc.redirectTo ?? doc.to);
  if (!destination) return {};
  const at = now.toISOString();
  if (next === 'processed_for_delivery')
    return { imbStatus: 'entered_mail_stream', imbDate: at, imbZipCode: zipOf(doc.from) ?? destination };
  if (next === 'completed') return { imbStatus: 'out_for_delivery', imbDate: at, imbZipCode: destination };
  return {};
}
