import type { ImbConfig } from '../../../config/imb.js';
import type { Queryable } from '../../../db/pool.js';
import type { AddressVerifier } from '../../../engines/address/verify/index.js';
import type { ImbBarcode, RenderJob } from '../../../engines/render/index.js';
import type { OrderKind } from '../orders/order-kind.js';
import type { OrderRow } from '../orders/orders.repo.js';
import type { IssuedBarcode } from './imb-barcodes.repo.js';
import { serialDigits, serialSource } from './imb-serials.js';

/** Destinations with US ZIP Codes: the states and the territories USPS delivers to. */
const ZIP_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

type Destination = {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  provinceOrState?: string;
  postalOrZip?: string;
  countryCode?: string;
};

export interface ImbDeps {
  db: Queryable;
  config: ImbConfig;
  verifier: AddressVerifier;
  now: Date;
}

/**
 * Where the piece is mailed, when it gets a barcode: live (a test piece is never mailed, so
 * it gets none and uses no serial), of a kind sorted as mail, printed, bound for a ZIP Code,
 * of a class with a Service Type ID, and the shop has a Mailer ID. A cheque with `redirectTo`
 * is mailed there.
 */
export function barcodeDestination(
  config: ImbConfig,
  kind: OrderKind,
  row: OrderRow,
): Destination | undefined {
  const doc = row.doc as Record<string, any>;
  if (!row.live || !config.mailerId || kind.parcel) return undefined;
  if (kind.print.printed && !kind.print.printed(doc)) return undefined;
  if (!config.serviceTypeIds[doc.mailingClass]) return undefined;
  const to: Destination | undefined = doc.redirectTo ?? doc.to;
  return to && ZIP_COUNTRIES.has((to.countryCode ?? '').toUpperCase()) ? to : undefined;
}

/**
 * The routing code: the ZIP, with the ZIP+4 and the delivery point when the verifier knows
 * them (NAD points carry both) or the address gives its ZIP+4; nothing when there is no ZIP.
 */
export async function routingCode(verifier: AddressVerifier, to: Destination): Promise<string> {
  const written = /^(\d{5})(?:[- ]?(\d{4}))?$/.exec((to.postalOrZip ?? '').trim());
  if (!written) return '';
  const [, zip, writtenPlus4] = written;
  try {
    const v = await verifier.verify(
      {
        line1: to.addressLine1 ?? '',
        line2: to.addressLine2,
        city: to.city,
        provinceOrState: to.provinceOrState,
        postalOrZip: to.postalOrZip,
        country: to.countryCode,
      },
      { includeDetails: true },
    );
    const point = v.status !== 'failed' && v.postalOrZip === zip && v.zipPlus4;
    const dp = v.details?.usMailingsDeliveryPoint;
    if (point) return `${zip}${v.zipPlus4}${dp && /^\d\d$/.test(dp) ? dp : ''}`;
  } catch {
    // A verifier that cannot answer now costs the piece its ZIP+4, not its barcode.
  }
  return writtenPlus4 ? zip + writtenPlus4 : zip;
}

/**
 * The order's Intelligent Mail barcode when it gets one: a new serial each render (a render
 * that never committed leaves its serial unused). Its row is written with the render's
 * record (barcodeRecordPart).
 */
export async function orderImb(deps: ImbDeps, kind: OrderKind, row: OrderRow): Promise<IssuedBarcode | null> {
  const to = barcodeDestination(deps.config, kind, row);
  if (!to) return null;
  const { config } = deps;
  const mailerId = config.mailerId!;
  const stid = config.serviceTypeIds[(row.doc as Record<string, any>).mailingClass];
  const serial = await serialSource(deps.db).next(mailerId, deps.now);
  return {
    orderId: row.id,
    orderKind: kind.name,
    orgId: row.orgId,
    live: row.live,
    mailerId,
    serial,
    tracking: `${config.barcodeId}${stid}${mailerId}${String(serial).padStart(serialDigits(mailerId), '0')}`,
    routing: await routingCode(deps.verifier, to),
    issuedAt: deps.now,
  };
}

/** The render job with its barcode (the kinds that take one). */
export function withImb(job: RenderJob, imb: ImbBarcode | null): RenderJob {
  if (!imb || job.kind === 'box') return job;
  const barcode: ImbBarcode = { tracking: imb.tracking, routing: imb.routing };
  return { ...job, input: { ...job.input, imb: barcode } } as RenderJob;
}
