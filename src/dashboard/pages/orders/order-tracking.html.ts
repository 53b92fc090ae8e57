import type { ImbBarcode } from '../../../engines/render/index.js';
import { when } from '../../format.js';
import { type Html, html } from '../../html.js';

export interface OrderTracking {
  barcode?: ImbBarcode & { issuedAt: string };
  scans: Array<{
    scannedAt: string;
    scanEventCode: string;
    operationCode: string;
    facilityZip: string;
    status: string | null;
    detail: Record<string, string>;
  }>;
}

const words = (s: string) => s.replaceAll('_', ' ');

/** The barcode's digits as USPS writes them: Barcode ID, STID, Mailer ID + serial, routing code. */
function barcodeText(b: ImbBarcode): string {
  const t = b.tracking;
  return [t.slice(0, 2), t.slice(2, 5), t.slice(5), b.routing].filter(Boolean).join(' ');
}

/**
 * The order page's mail tracking card: the Intelligent Mail barcode printed on the piece,
 * its scans as a timeline (oldest first, each with the status it meant), and the tracking
 * number the shop recorded. Absent when the order has none of them (test mode, abroad).
 */
export function trackingCard(doc: Record<string, any>, tracking: OrderTracking): Html | string {
  const { barcode, scans } = tracking;
  if (!barcode && !doc.trackingNumber && !doc.imbStatus) return '';
  return html`<section class="card" aria-labelledby="tracking-h">
  <h2 id="tracking-h">Mail tracking</h2>
  <dl class="summary">
    ${barcode ? html`<dt>Intelligent Mail barcode</dt><dd><code>${barcodeText(barcode)}</code> <span class="muted">(issued ${when(barcode.issuedAt)})</span></dd>` : ''}
    ${doc.imbStatus ? html`<dt>Barcode status</dt><dd>${words(doc.imbStatus)}, ${when(doc.imbDate)}${doc.imbZipCode ? html`, ZIP ${doc.imbZipCode}` : ''}</dd>` : ''}
    ${doc.trackingNumber ? html`<dt>Tracking number</dt><dd><code>${doc.trackingNumber}</code></dd>` : ''}
  </dl>
  ${
    scans.length
      ? html`<h3>Scans</h3><ol class="timeline scans">${scans.map(
          (s) =>
            html`<li>${when(s.scannedAt)}: ${s.status ? html`<strong>${words(s.status)}</strong>` : html`<span class="muted">no status</span>`}
            at ${s.detail.scanFacilityName ?? 'facility'} ${s.facilityZip}
            <span class="muted">(${[s.scanEventCode && `event ${s.scanEventCode}`, s.operationCode && `operation ${s.operationCode}`, s.detail.mailPhase].filter(Boolean).join(', ')})</span></li>`,
        )}</ol>`
      : barcode
        ? html`<p class="muted">No scans yet.</p>`
        : ''
  }
</section>`;
}
