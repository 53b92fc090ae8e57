import type { PDFDocument } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import { PdfCheckError, RenderInputError } from '../errors.js';
import type { RenderDeps } from '../letter/letter-job.js';
import { LIMITS } from '../limits.js';
import { loadCheckedPdf } from '../pdf/load-checked-pdf.js';
import { printDocument } from '../print-document.js';
import { PAGE_SIZES } from '../sizes.js';
import type { CardRenderInput, CardRenderResult } from './card-job.js';

const CARD = PAGE_SIZES.plastic_card;
const CARD_NAME = '3.375 × 2.125 in';

/**
 * Renders a plastic card to a print-ready PDF, one CR80 page per side. HTML sides go through
 * the same asset inlining and Chromium print as a letter (printDocument), at the card size;
 * a side that does not fit on one card is refused rather than cut. A supplied PDF passes the
 * uploaded-PDF checks at the card size and must have exactly one page per side. Every failure
 * is a RenderInputError whose field and message start with `plasticCard`.
 */
export async function renderCard(input: CardRenderInput, deps: RenderDeps): Promise<CardRenderResult> {
  if (input.kind === 'pdf') {
    const doc = await loadCardPdf(input.bytes, input.field, input.sides);
    return { pdf: await doc.save(), pageCount: doc.getPageCount(), warnings: [] };
  }
  const card = await pdfLib().PDFDocument.create();
  const warnings: string[] = [];
  for (const side of input.sides) {
    if (side.html.length > LIMITS.maxHtmlChars)
      throw new RenderInputError(side.field, `${side.field}: the HTML is too large`, 'too_large');
    // One page past the one allowed is enough to tell the artwork overflows the card.
    const printed = await printDocument(side.html, CARD, deps, side.field, { maxPages: 1 });
    const doc = await pdfLib().PDFDocument.load(printed.pdf, { updateMetadata: false });
    if (doc.getPageCount() !== 1) {
      const message = `${side.field}: the artwork does not fit on one ${CARD_NAME} card side`;
      throw new RenderInputError(side.field, message, 'too_many_pages');
    }
    const [page] = await card.copyPages(doc, [0]);
    card.addPage(page);
    warnings.push(...printed.warnings);
  }
  return { pdf: await card.save(), pageCount: card.getPageCount(), warnings };
}

/** The uploaded-PDF checks at the card size, and one page per side exactly (front, back). */
export async function loadCardPdf(bytes: Uint8Array, field: string, sides: 1 | 2): Promise<PDFDocument> {
  const doc = await loadCheckedPdf(bytes, {
    field,
    size: CARD,
    sizeName: 'standard',
    document: 'plastic card',
    maxPages: sides,
  });
  if (doc.getPageCount() !== sides) {
    // Only a one-page PDF for a double-sided card gets here: maxPages refused longer ones.
    const message = `${field}: the PDF has 1 page; a double-sided card needs 2 (front, back)`;
    throw new PdfCheckError(field, message, 'page_count');
  }
  return doc;
}
