import { rgb } from 'pdf-lib';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_HEIGHT } from '../cheque-layout.js';

/**
 * A cheque to print: a light dashed rule where the sheet is perforated, 3.5 in from the top,
 * so the payee sees where to tear. A digital-only cheque has none (it is never torn off).
 */
export const drawPerforation: ChequeStage = async (job) => {
  if (job.input.digitalOnly) return;
  const canvas = job.canvas!;
  const options = { thickness: 0.5, dash: [4, 3], color: rgb(0.6, 0.6, 0.6) };
  canvas.rule('perforation', 0, canvas.page.getWidth(), CHEQUE_HEIGHT, options);
};
