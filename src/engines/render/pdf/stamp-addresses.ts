import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import { drawImb, IMB_HEIGHT, type ImbBarcode } from '../imb/draw-imb.js';
import type { PageSize } from '../sizes.js';
import { inch } from '../sizes.js';
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
  /**
   * The piece's Intelligent Mail barcode: in the layout's imbZone (a mail piece's barcode
   * clear zone), else at the top of the recipient block, the address moved down under it.
   */
  imb?: ImbBarcode | null;
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
  const font = await doc.embedFont(pdfLib().StandardFonts.Helvetica);
  const inBlock = stamp.imb && !stamp.layout.imbZone ? stamp.layout.recipientZone : undefined;
  const layout = inBlock ? { ...stamp.layout, recipientZone: underBarcode(inBlock) } : stamp.layout;
  const blocks = addressBlocks({ ...stamp, layout });
  for (const zone of layout.keepClear ?? []) paintWhite(page, zone, 0);
  for (const block of blocks) paintWhite(page, block.zone, layout.clearance);
  if (inBlock) paintWhite(page, inBlock, layout.clearance);
  const standardFontWill = blocks.every((b) => b.lines.every((line) => canDraw(font, line)));
  if (!standardFontWill && stamp.printHtml) await overlaySystemFontText(doc, page, blocks, stamp);
  else for (const block of blocks) drawBlock(page, font, layout, block, warnings);
  if (stamp.imb) drawBarcode(page, stamp.imb, layout.imbZone, inBlock);
}

/** USPS wants at least 0.028 in between the bars and the address line next to them. */
const IMB_GAP = inch(0.04);
// In a barcode clear zone the first bar is 4 in from the piece's right edge (USPS: 3-7/8 to
// 4-1/4 in) and the bars stand 1/4 in above its bottom edge (USPS: 3/16 to 1/2 in).
const CLEAR_ZONE_LEFT_FROM_RIGHT = inch(4);
const CLEAR_ZONE_BOTTOM = inch(0.25);

/** The recipient block less the barcode's strip at its top (both keep the same inset). */
function underBarcode(zone: Zone): Zone {
  const strip = IMB_HEIGHT + IMB_GAP;
  return { ...zone, y: zone.y + strip, height: zone.height - strip };
}

function drawBarcode(page: PDFPage, imb: ImbBarcode, clearZone: Zone | undefined, block: Zone | undefined) {
  if (clearZone) {
    const zone = toPdfCoordinates(page, clearZone);
    drawImb(page, imb, zone.x + zone.width - CLEAR_ZONE_LEFT_FROM_RIGHT, zone.y + CLEAR_ZONE_BOTTOM);
    return;
  }
  const zone = toPdfCoordinates(page, block!);
  drawImb(page, imb, zone.x + INSET, zone.y + zone.height - INSET - IMB_HEIGHT);
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
  page.drawRectangle({
    x,
    y,
    width: box.width + 2 * pad,
    height: box.height + 2 * pad,
    color: pdfLib().rgb(1, 1, 1),
  });
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
    page.drawText(line, {
      x: box.x + INSET,
      y: baseline,
      size: text.size,
      font,
      color: pdfLib().rgb(0, 0, 0),
    });
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
