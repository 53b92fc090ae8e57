import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_SAFE_MARGIN } from '../cheque-layout.js';
import { MICR_MARK } from './draw-micr-line.js';

/** Rounding of zones computed from inches, in points. */
const SLACK = 0.01;

/**
 * Every mark on the cheque page stays CHEQUE_SAFE_MARGIN inside the sheet's edges, so a
 * printer's unprintable border or a sheet fed a little askew never cuts off "PAY", a date or
 * an address. The MICR line is exempt: the standard places it. A failure is a layout bug.
 */
export const checkSafeMargin: ChequeStage = async (job) => {
  const canvas = job.canvas!;
  const [width, height] = [canvas.page.getWidth(), canvas.page.getHeight()];
  const m = CHEQUE_SAFE_MARGIN - SLACK;
  const outside = canvas.marks.filter(
    ({ what, zone }) =>
      what !== MICR_MARK &&
      (zone.x < m || zone.y < m || zone.x + zone.width > width - m || zone.y + zone.height > height - m),
  );
  if (outside.length) {
    const names = [...new Set(outside.map((mark) => mark.what))].join(', ');
    throw new Error(`the cheque layout prints ${names} inside the 0.25 in safe margin`);
  }
};
