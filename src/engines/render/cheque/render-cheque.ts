import type { RenderDeps } from '../letter/letter-job.js';
import { runStages } from '../run-stages.js';
import { PAGE_SIZES } from '../sizes.js';
import type { ChequeJob, ChequeRenderInput, ChequeRenderResult, ChequeStage } from './cheque-job.js';
import { appendLetter } from './stages/append-letter.js';
import { checkChequeInput } from './stages/check-cheque-input.js';
import { checkClearBand } from './stages/check-clear-band.js';
import { checkLetterPdf } from './stages/check-letter-pdf.js';
import { checkSafeMargin } from './stages/check-safe-margin.js';
import { drawChequeFace } from './stages/draw-cheque-face.js';
import { drawMicrLine } from './stages/draw-micr-line.js';
import { drawPerforation } from './stages/draw-perforation.js';
import { drawSignature } from './stages/draw-signature.js';
import { drawStub } from './stages/draw-stub.js';
import { drawTestVoid } from './stages/draw-test-void.js';
import { drawWatermark } from './stages/draw-watermark.js';
import { insertRedirectPage } from './stages/insert-redirect-page.js';
import { printLetterHtml } from './stages/print-letter-html.js';
import { stampChequeAddresses } from './stages/stamp-cheque-addresses.js';
import { startChequePage } from './stages/start-cheque-page.js';

/** The whole cheque pipeline, in order. Each stage reads and extends the ChequeJob. */
export const CHEQUE_STAGES: readonly ChequeStage[] = [
  checkChequeInput, // amount, number, date, routing/transit numbers, account, signature and logo kinds
  checkLetterPdf, // a supplied letter PDF: parses, not encrypted, the sheet size, room for the cheque page
  printLetterHtml, // a letter in HTML: inlined and printed by Chromium at the sheet size
  startChequePage, // the blank cheque page and its fonts
  stampChequeAddresses, // drawer and payee in the envelope's windows, exactly as a letter's
  drawChequeFace, // logo, bank, number, date, amount in words and figures, payee label, memo
  drawSignature, // text in a script face, or the image, on the signature line
  drawMicrLine, // E-13B glyphs at the standard positions, with an invisible text copy
  drawStub, // payee, number, date, amount, memo and the message below the perforation
  drawPerforation, // printed cheques: the dashed tear line at 3.5 in
  drawWatermark, // digital-only cheques: the watermark across the cheque
  drawTestVoid, // test-mode cheques: "VOID — TEST MODE" across the cheque
  checkClearBand, // nothing but the MICR line in the bottom 5/8 in of the cheque
  checkSafeMargin, // nothing but the MICR line within 0.25 in of the sheet's edges
  appendLetter, // the letter's pages after the cheque page, within the page limit
  insertRedirectPage, // redirectTo: an address page in front, the cheque behind it unchanged
];

/**
 * Renders a cheque to a print-ready PDF: page 1 is the cheque (top 3.5 in) and its stub, laid
 * out for a double-window #10 envelope, and a letter, when given, follows on the next pages.
 * Throws RenderInputError (PdfCheckError) naming the field for bad input — the API answers
 * 400, the job cancels with `invalid_content` — and RenderUnavailableError when trying again
 * later may work.
 */
export async function renderCheque(input: ChequeRenderInput, deps: RenderDeps): Promise<ChequeRenderResult> {
  const job: ChequeJob = {
    input,
    // an unknown size is refused by checkChequeInput, the first stage, with the field named
    size: PAGE_SIZES[input.size] ?? PAGE_SIZES.us_letter,
    warnings: new Set(),
  };
  await runStages(job, CHEQUE_STAGES, deps);
  const doc = job.doc!;
  return {
    pdf: await doc.save(),
    pageCount: doc.getPageCount(),
    warnings: [...job.warnings],
    digitalOnly: Boolean(input.digitalOnly),
  };
}
