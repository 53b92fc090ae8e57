import { htmlToPdf } from '../../browser/html-to-pdf.js';
import type { AddressLayout, Zone } from '../../pdf/address-zones.js';
import { stampAddresses } from '../../pdf/stamp-addresses.js';
import type { PageSize } from '../../sizes.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/**
 * Stamps the address panel: the postage area and barcode clear zone are painted white, the
 * recipient zone too (and the return zone, when there is a sender) with its clearance, and
 * the addresses are drawn on them, so nothing the artwork put there can confuse a sorting
 * machine. The zones are in trim coordinates and the page starts a bleed further out, so
 * they are moved by the bleed.
 */
export const stampAddressPanel: MailpieceStage = async (job, deps) => {
  const { format, input } = job;
  const doc = job.doc!;
  const printHtml = async (html: string, pageSize: PageSize) =>
    (await htmlToPdf(deps.pool, html, pageSize)).pdf;
  const layout = moved(format.layout, format.bleed);
  const stamp = { layout, to: input.to, from: input.from, printHtml, imb: input.imb };
  await stampAddresses(doc, doc.getPage(format.addressPage), stamp, job.warnings);
};

function moved(layout: AddressLayout, by: number): AddressLayout {
  const shift = (zone: Zone): Zone => ({ ...zone, x: zone.x + by, y: zone.y + by });
  return {
    ...layout,
    returnZone: shift(layout.returnZone),
    recipientZone: shift(layout.recipientZone),
    keepClear: (layout.keepClear ?? []).map(shift),
    ...(layout.imbZone ? { imbZone: shift(layout.imbZone) } : {}),
  };
}
