import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { PageSize } from '../sizes.js';
import { type AddressContact, addressLines } from './address-lines.js';
import { type AddressBlock, addressOverlayHtml } from './address-overlay-html.js';
import type { AddressLayout, Zone } from './address-zones.js';
import { fitText } from './fit-text.js';
import { canDraw, drawableText } from './standard-font-text.js';

export interface AddressStamp {
  layout: AddressLayout;
  to: AddressContact;
  from?: AddressContact | null;
  /**
   * Prints HTML to a one-page PDF of the page's size (htmlToPdf through the pool). When given,
   * addresses the standard font cannot write are printed by Chromium with system fonts and
   * laid over the page; without it they lose accents or become "?" (with a warning).
   */
  printHtml?: (html: string, size: PageSize) => Promise<Uint8Array>;
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
  const blocks = addressBlocks(stamp);
  for (const zone of stamp.layout.keepClear ?? []) paintWhite(page, zone, 0);
  for (const block of blocks) paintWhite(page, block.zone, stamp.layout.clearance);
  const standardFontWill = blocks.every((b) => b.lines.every((line) => canDraw(font, line)));
  if (!standardFontWill && stamp.printHtml) {
    await overlaySystemFontText(doc, page, blocks, stamp);
    return;
  }
  for (const block of blocks) drawBlock(page, font, stamp.layout, block, warnings);
}

function addressBlocks({ layout, to, from }: AddressStamp): Array<AddressBlock & { which: string }> {
  const blocks = [
    { zone: layout.recipientZone, lines: addressLines(to, from?.countryCode), which: 'recipient' },
  ];
  if (from) {
    const sender = addressLines(from, to.countryCode);
    const lines = layout.returnStyle === 'line' ? [sender.join(', ')] : sender;
    blocks.push({ zone: layout.returnZone, lines, which: 'return' });
  }
  return blocks;
}

function paintWhite(page: PDFPage, zone: Zone, pad: number): void {
  const box = toPdfCoordinates(page, zone);
  const [x, y] = [box.x - pad, box.y - pad];
  page.drawRectangle({ x, y, width: box.width + 2 * pad, height: box.height + 2 * pad, color: rgb(1, 1, 1) });
}

function drawBlock(
  page: PDFPage,
  font: PDFFont,
  layout: AddressLayout,
  block: AddressBlock & { which: string },
  warnings: Set<string>,
) {
  const box = toPdfCoordinates(page, block.zone);
  const lines = block.lines.map((line) => drawableText(font, line, warnings));
  const { max, min } = layout.fontSizes;
  const text = fitText(font, lines, box.width - 2 * INSET, box.height - 2 * INSET, max, min);
  if (!text.fits) warnings.add(`the ${block.which} address does not fit its window zone and was shortened`);
  let baseline = box.y + box.height - INSET - text.size * 0.8;
  for (const line of text.lines) {
    page.drawText(line, { x: box.x + INSET, y: baseline, size: text.size, font, color: rgb(0, 0, 0) });
    baseline -= text.leading;
  }
}

async function overlaySystemFontText(
  doc: PDFDocument,
  page: PDFPage,
  blocks: AddressBlock[],
  stamp: AddressStamp,
) {
  const { width, height } = page.getSize();
  const size = { width, height, css: { width: `${width}pt`, height: `${height}pt` } };
  const html = addressOverlayHtml(blocks, size, stamp.layout.fontSizes.max);
  const [overlay] = await doc.embedPdf(await stamp.printHtml!(html, size), [0]);
  const media = page.getMediaBox();
  page.drawPage(overlay, { x: media.x, y: media.y, width, height });
}

/** Zones are measured from the top-left of the visible page; PDF draws from the bottom-left. */
function toPdfCoordinates(page: PDFPage, zone: Zone): Zone {
  const media = page.getMediaBox();
  return { ...zone, x: media.x + zone.x, y: media.y + media.height - zone.y - zone.height };
}
