import { pdfLib } from '../../src/platform/packages-on-first-use.js';

/** Word boxes of one page, from `pdftotext -bbox` (points from the page's top-left). */
export { pageWords } from '../engines/render/pdf-helpers.js';

const IN = 72;

/** A two-page PDF of `width` × `height` inches whose pages say `Supplied page N`. */
export async function twoPagePdf(width: number, height: number, pages = 2): Promise<Buffer> {
  const doc = await pdfLib().PDFDocument.create();
  const font = await doc.embedFont(pdfLib().StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([width * IN, height * IN]);
    page.drawText(`Supplied page ${i}`, { x: 0.75 * IN, y: 0.75 * IN, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

/** A page box of a PDF page in inches, rounded to thousandths: [x, y, width, height]. */
export function boxInches(box: { x: number; y: number; width: number; height: number }): number[] {
  return [box.x, box.y, box.width, box.height].map((n) => Math.round((n / IN) * 1000) / 1000);
}
