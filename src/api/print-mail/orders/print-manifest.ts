import { addressLines, type ImbBarcode } from '../../../engines/render/index.js';
import type { CompanionPages, OrderKind } from './order-kind.js';

/**
 * One line of a print manifest: where the order sits in the combined PDF, what the shop does
 * with it (the kind's columns and production notes) and where it goes.
 */
export type ManifestEntry = Record<string, string | number | string[] | null>;

export function manifestEntry(
  kind: OrderKind,
  order: { id: string; orgId: string; doc: Record<string, any> },
  at: { sequence: number; firstPage: number; pageCount: number },
  companions: CompanionPages,
  imb?: ImbBarcode,
): ManifestEntry {
  const doc = order.doc;
  return {
    sequence: at.sequence,
    orderId: order.id,
    organization: order.orgId,
    firstPage: at.firstPage,
    pageCount: at.pageCount,
    mailingClass: doc.mailingClass,
    ...kind.print.manifestLine(doc, companions),
    productionNotes: kind.print.productionNotes(doc),
    sendDate: doc.sendDate,
    recipient: addressLines(doc.to, doc.from?.countryCode),
    // The Intelligent Mail barcode printed on the piece (tracking code then routing code).
    imb: imb ? imb.tracking + imb.routing : null,
    // Certified and express pieces: the shop writes the carrier's number here and hands the
    // file back (postroom print tracking BATCH FILE).
    trackingNumber: doc.trackingNumber ?? null,
  };
}

const cell = (v: unknown) => {
  const text = Array.isArray(v) ? v.join(' / ') : v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The manifest as CSV; a batch holds one kind, so every line has the same columns. */
export function manifestCsv(entries: ManifestEntry[]): string {
  const columns = Object.keys(entries[0] ?? {});
  const rows = entries.map((e) => columns.map((c) => cell(e[c])).join(','));
  return `${[columns.join(','), ...rows].join('\r\n')}\r\n`;
}
