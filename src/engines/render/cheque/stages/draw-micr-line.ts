import { inch } from '../../sizes.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_HEIGHT, CHEQUE_WIDTH } from '../cheque-layout.js';
import { drawMicrChar, MICR_PITCH_IN, MICR_ROWS, MICR_SQUARE_IN } from '../micr-e13b.js';
import { MICR_BOTTOM_FROM_EDGE_IN, MICR_FIRST_RIGHT_FROM_EDGE_IN, micrLine, micrText } from '../micr-line.js';
import { drawInvisibleMicrText } from '../micr-text-layer.js';

/** What the clear-band check lets into the band. */
export const MICR_MARK = 'MICR line';

/**
 * The MICR line in E-13B at the standard place (micr-line.ts): every character against the
 * right edge of its 1/8 in cell, its foot 3/16 in above the cheque's bottom edge, and the
 * same line underneath as invisible text.
 */
export const drawMicrLine: ChequeStage = async (job) => {
  const canvas = job.canvas!;
  const line = micrLine(job.input.bank, job.input.number);
  const pitch = inch(MICR_PITCH_IN);
  const firstRight = CHEQUE_WIDTH - inch(MICR_FIRST_RIGHT_FROM_EDGE_IN);
  const cellRight = (position: number) => firstRight - (position - 1) * pitch;
  const footFromTop = CHEQUE_HEIGHT - inch(MICR_BOTTOM_FROM_EDGE_IN);
  const foot = canvas.y(footFromTop);
  for (const { position, char } of line) drawMicrChar(canvas.page, char, cellRight(position), foot);
  const leftmost = Math.max(...line.map((p) => p.position));
  const left = cellRight(leftmost) - pitch;
  drawInvisibleMicrText(job.doc!, canvas.page, micrText(line), left, foot);
  const height = inch(MICR_ROWS * MICR_SQUARE_IN);
  canvas.mark(MICR_MARK, { x: left, y: footFromTop - height, width: cellRight(1) - left, height });
};
