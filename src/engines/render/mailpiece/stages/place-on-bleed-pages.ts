import type { PDFDocument, PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import type { PageSize } from '../../sizes.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/**
 * Draws each side, centred, on a new page of exactly the bleed size. A trim-size page so
 * keeps its content inside the trim, and a bleed-size one lands where it was; either way the
 * finished pages have the exact size, an origin at 0,0 and no rotation, whatever the source
 * (a page box off by rounding, a MediaBox that does not start at 0,0, a /Rotate).
 *
 * Pages Chromium printed at the bleed size are already that, and are kept as they are:
 * redrawing them would copy every content stream and resource for nothing. A supplied PDF is
 * always redrawn, even at the bleed size, since only what its pages draw belongs in the piece
 * (not its annotations, forms or unused objects).
 */
export const placeOnBleedPages: MailpieceStage = async (job) => {
  const { printed } = job;
  const sides = job.sides!;
  if (
    printed &&
    printed.getPageCount() === sides.length &&
    sides.every((p) => isBleedPage(p, job.format.page))
  ) {
    job.doc = printed;
    return;
  }
  const doc = await pdfLib().PDFDocument.create();
  for (const side of sides) await placeCentred(doc, side, job.format.page);
  job.doc = doc;
};

/**
 * Setting the exact boxes on such a page moves nothing, and trims at most this much from the
 * outer edge of the bleed, which is cut away.
 */
const SIZE_TOLERANCE_PT = 0.5;

function isBleedPage(page: PDFPage, size: PageSize): boolean {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  return (
    media.x === 0 &&
    media.y === 0 &&
    Math.abs(media.width - size.width) <= SIZE_TOLERANCE_PT &&
    Math.abs(media.height - size.height) <= SIZE_TOLERANCE_PT &&
    crop.x === media.x &&
    crop.y === media.y &&
    crop.width === media.width &&
    crop.height === media.height &&
    quarterTurn(page.getRotation().angle) === 0
  );
}

async function placeCentred(doc: PDFDocument, source: PDFPage, size: PageSize) {
  const page = doc.addPage([size.width, size.height]);
  // A page with no content stream (a blank side) has nothing to draw, and pdf-lib cannot embed it.
  if (!source.node.Contents()) return;
  const media = source.getMediaBox();
  // pdf-lib's default box assumes a MediaBox starting at 0,0; name the real one.
  const box = { left: media.x, bottom: media.y, right: media.x + media.width, top: media.y + media.height };
  const embedded = await doc.embedPage(source, box);
  const turn = quarterTurn(source.getRotation().angle);
  const [w, h] = turn % 180 === 0 ? [media.width, media.height] : [media.height, media.width];
  // Where the turned content's origin must go for it to cover 0,0 to w,h.
  const [dx, dy] = {
    0: [0, 0],
    90: [0, media.width],
    180: [media.width, media.height],
    270: [media.height, 0],
  }[turn];
  page.drawPage(embedded, {
    x: (size.width - w) / 2 + dx,
    y: (size.height - h) / 2 + dy,
    // /Rotate turns the page clockwise for display; pdf-lib's angles turn anticlockwise.
    rotate: pdfLib().degrees(-turn),
  });
}

function quarterTurn(angle: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}
