import type { Zone } from '../../pdf/address-zones.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_HEIGHT, CLEAR_BAND } from '../cheque-layout.js';
import { MICR_MARK } from './draw-micr-line.js';

/** A rule on the cheque's bottom edge (the perforation) is the edge, not inside the band. */
const EDGE = 1;

/**
 * The bottom 5/8 in of the cheque holds the MICR line and nothing else: a reader-sorter would
 * take any other ink there for characters. Every mark made on the cheque page is checked
 * against it (the layout, and what grew to fit its text), and so is the MICR line itself.
 * A failure is a layout bug, not bad input.
 */
export const checkClearBand: ChequeStage = async (job) => {
  const marks = job.canvas!.marks;
  const intruders = marks.filter((m) => m.what !== MICR_MARK && inBand(m.zone)).map((m) => m.what);
  if (intruders.length) {
    throw new Error(`the cheque layout prints ${[...new Set(intruders)].join(', ')} in the MICR clear band`);
  }
  const micr = marks.find((m) => m.what === MICR_MARK);
  if (!micr || micr.zone.y < CLEAR_BAND.y || micr.zone.y + micr.zone.height > CHEQUE_HEIGHT) {
    throw new Error('the MICR line is not inside the clear band');
  }
};

function inBand(zone: Zone): boolean {
  const top = zone.y;
  const bottom = zone.y + zone.height;
  return bottom > CLEAR_BAND.y && top < CHEQUE_HEIGHT - EDGE;
}
