import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_HEIGHT, CHEQUE_SAFE_MARGIN } from '../cheque-layout.js';

/**
 * A cheque to print: a light dashed rule where the sheet is perforated, 3.5 in from the top,
 * so the payee sees where to tear. A digital-only cheque has none (it is never torn off).
 * The stock's own perforation runs edge to edge; the printed guide stops at the safe margin,
 * like all the ink, since a printer may not print to the edge or may shift the sheet.
 */
export const drawPerforation: ChequeStage = async (job) => {
  if (job.input.digitalOnly) return;
  const canvas = job.canvas!;
  const options = { thickness: 0.5, dash: [4, 3], color: pdfLib().rgb(0.6, 0.6, 0.6) };
  const [left, right] = [CHEQUE_SAFE_MARGIN, canvas.page.getWidth() - CHEQUE_SAFE_MARGIN];
  canvas.rule('perforation', left, right, CHEQUE_HEIGHT, options);
};
