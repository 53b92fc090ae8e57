import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_ZONES } from '../cheque-layout.js';
import { drawSlantedText } from '../slanted-text.js';
import { WATERMARK_ANGLE } from './draw-watermark.js';

/** What a test-mode cheque says across its face. */
export const TEST_VOID_TEXT = 'VOID — TEST MODE';

/**
 * A cheque made with a test key is otherwise a real cheque, MICR line and all, so it is marked
 * across its face in red, large enough that no teller or payee takes it for a payment. It stays
 * above the clear band: the MICR line still reads, as the test is of the whole cheque. A live
 * cheque is not touched. On a digital-only test cheque it slants against the watermark.
 */
export const drawTestVoid: ChequeStage = async (job) => {
  if (!job.input.testMode) return;
  drawSlantedText(job.canvas!, 'test void mark', TEST_VOID_TEXT, CHEQUE_ZONES.watermark, {
    font: job.fonts!.bold,
    angle: job.input.digitalOnly ? -WATERMARK_ANGLE : WATERMARK_ANGLE,
    largest: 110,
    color: pdfLib().rgb(0.8, 0.05, 0.05),
    opacity: 0.45,
  });
};
