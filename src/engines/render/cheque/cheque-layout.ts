import { ADDRESS_LAYOUTS, type AddressLayout, type Zone } from '../pdf/address-zones.js';
import { inch } from '../sizes.js';
import { MICR_CLEAR_BAND_IN } from './micr-line.js';

/** Inches from the page's top-left corner, as a Zone in points. */
const zone = (x: number, y: number, width: number, height: number): Zone =>
  Object.freeze({ x: inch(x), y: inch(y), width: inch(width), height: inch(height) });

/** Both sheets are 8.5 in wide; the cheque is their top 3.5 in, the stub the rest. */
export const CHEQUE_WIDTH = inch(8.5);
export const CHEQUE_HEIGHT = inch(3.5);

/** The bottom 5/8 in of the cheque: the MICR line and nothing else. */
export const CLEAR_BAND: Zone = zone(0, 3.5 - MICR_CLEAR_BAND_IN, 8.5, MICR_CLEAR_BAND_IN);

const letter = ADDRESS_LAYOUTS.us_letter;

/**
 * The cheque page goes into the same double-window #10 envelope as a tri-folded letter, so
 * the drawer and payee are stamped in the letter's window zones. The payee's zone (2.0 to
 * 3.0 in from the top) would reach 1/8 in into the clear band, so on a cheque it ends at the
 * band: the address is still printed inside the window, just never beside the MICR line.
 */
export const CHEQUE_ADDRESS_LAYOUT: AddressLayout = Object.freeze({
  ...letter,
  recipientZone: Object.freeze({ ...letter.recipientZone, height: CLEAR_BAND.y - letter.recipientZone.y }),
});

/**
 * Nothing Postroom draws on the cheque page comes nearer the sheet's edge than this (checked by
 * checkSafeMargin), but the MICR line, whose place ANSI X9.13 / CPA 006 fix from the cheque's
 * edges (it is 5/16 in from the right edge anyway).
 */
export const CHEQUE_SAFE_MARGIN = inch(0.25);

/**
 * Everything else on the cheque, laid out around the two windows (return 0.5–3.75 in across,
 * 0.5–1.375 in down; payee 0.5–4.0 in across, 2.0–2.875 in down; each with a 0.1 in band
 * kept white): the logo and bank beside the drawer, number and date top right, the amount
 * line between the windows, the amount box on its right, memo and signature right of the
 * payee, all above the clear band and inside the safe margin.
 */
export const CHEQUE_ZONES = Object.freeze({
  logo: zone(3.95, 0.5, 0.8, 0.8),
  /** Up to two lines of the bank's name, then its two address lines. */
  bankName: zone(4.85, 0.3, 1.7, 0.26),
  bankLine1: zone(4.85, 0.58, 1.7, 0.14),
  bankLine2: zone(4.85, 0.73, 1.7, 0.14),
  number: zone(6.6, 0.25, 1.6, 0.25),
  dateLabel: zone(6.6, 0.8, 0.4, 0.2),
  date: zone(7.0, 0.75, 1.2, 0.25),
  dateLegend: zone(7.0, 1.03, 1.2, 0.09),
  /** "PAY" and the amount in words, on one line from the windows' left edge. */
  payLabel: zone(0.5, 1.5, 0.35, 0.22),
  words: zone(0.88, 1.5, 5.52, 0.22),
  amountBox: zone(6.6, 1.45, 1.6, 0.4),
  /**
   * "TO THE ORDER OF" heads the payee window, just above its white band: left of the window
   * there is only 0.15 in between the safe margin and the band, too narrow for the words.
   */
  orderLabel: zone(0.5, 1.76, 1.2, 0.12),
  memoLabel: zone(4.3, 2.42, 0.4, 0.2),
  memo: zone(4.72, 2.37, 1.3, 0.25),
  signature: zone(6.2, 2.05, 2.0, 0.55),
  signatureLabel: zone(6.2, 2.65, 2.0, 0.1),
  /**
   * Where a digital-only cheque's watermark and a test cheque's void mark may go: across the
   * cheque, above the clear band. Its top is 0.1 in below the safe margin because a slanted
   * line's first or last letter reaches past the capitals' box by its accents' room.
   */
  watermark: zone(0.3, 0.35, 7.9, 2.45),
});

/** The stub below the perforation: from 0.35 in under it to 0.5 in above the sheet's foot. */
export function stubZone(pageHeight: number): Zone {
  const top = CHEQUE_HEIGHT + inch(0.35);
  return { x: inch(0.5), y: top, width: inch(7.5), height: pageHeight - inch(0.5) - top };
}
