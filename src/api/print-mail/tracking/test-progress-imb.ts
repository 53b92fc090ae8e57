import type { OrderKind } from '../orders/order-kind.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { OrderRow } from '../orders/orders.repo.js';

const ZIP_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);
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
  kind: Pick<OrderKind, 'parcel'>,
  row: OrderRow,
  next: OrderStatus,
  now: Date,
): Record<string, unknown> {
  const doc = row.doc as Record<string, any>;
  // A parcel carries no barcode (order-imb.ts), live or not.
  if (kind.parcel) return {};
  const destination = zipOf(doc.redirectTo ?? doc.to);
  if (!destination) return {};
  const at = now.toISOString();
  if (next === 'processed_for_delivery')
    return { imbStatus: 'entered_mail_stream', imbDate: at, imbZipCode: zipOf(doc.from) ?? destination };
  if (next === 'completed') return { imbStatus: 'out_for_delivery', imbDate: at, imbZipCode: destination };
  return {};
}
