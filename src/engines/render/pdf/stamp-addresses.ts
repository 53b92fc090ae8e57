import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type AddressContact, addressLines } from './address-lines.js';
import type { AddressLayout, Zone } from './address-zones.js';
import { fitText } from './fit-text.js';
import { drawableText } from './standard-font-text.js';

export interface AddressStamp {
  layout: AddressLayout;
  to: AddressContact;
  from?: AddressContact | null;
}

/** Text sits this far inside its zone so a sheet that slides a little stays readable. */
const INSET = 4;

/**
 * Prints the return and recipient addresses on one page: each zone (plus its clearance band)
 * is painted white first, so whatever the content drew there cannot show through the window,
 * then the lines are drawn in Helvetica sized to fit. Works on any PDF (rendered or uploaded).
 */
export async function stampAddresses(
  doc: PDFDocument,
  page: PDFPage,
  stamp: AddressStamp,
  warnings: Set<string>,
) {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { layout, to, from } = stamp;
  const recipient = addressLines(to, from?.countryCode ?? null);
  drawBlock(page, font, layout, layout.recipientZone, recipient, warnings, 'recipient');
  if (!from) return;
  const sender = addressLines(from, to.countryCode ?? null);
  const returnLines = layout.returnStyle === 'line' ? [sender.join(', ')] : sender;
  drawBlock(page, font, layout, layout.returnZone, returnLines, warnings, 'return');
}

function drawBlock(
  page: PDFPage,
  font: PDFFont,
  layout: AddressLayout,
  zone: Zone,
  rawLines: string[],
  warnings: Set<string>,
  which: 'recipient' | 'return',
) {
  const box = toPdfCoordinates(page, zone);
  const pad = layout.clearance;
  page.drawRectangle({
    x: box.x - pad,
    y: box.y - pad,
    width: box.width + 2 * pad,
    height: box.height + 2 * pad,
    color: rgb(1, 1, 1),
  });
  const lines = rawLines.map((line) => drawableText(font, line, warnings));
  const { max, min } = layout.fontSizes;
  const text = fitText(font, lines, box.width - 2 * INSET, box.height - 2 * INSET, max, min);
  if (!text.fits) warnings.add(`the ${which} address does not fit its window zone and was shortened`);
  let baseline = box.y + box.height - INSET - text.size * 0.8;
  for (const line of text.lines) {
    page.drawText(line, { x: box.x + INSET, y: baseline, size: text.size, font, color: rgb(0, 0, 0) });
    baseline -= text.leading;
  }
}

/** Zones are measured from the top-left of the visible page; PDF draws from the bottom-left. */
function toPdfCoordinates(page: PDFPage, zone: Zone): Zone {
  const media = page.getMediaBox();
  return { ...zone, x: media.x + zone.x, y: media.y + media.height - zone.y - zone.height };
}
