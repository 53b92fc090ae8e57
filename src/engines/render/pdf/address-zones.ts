import { inch, type LetterSize, mm } from '../sizes.js';

/** A rectangle measured from the page's top-left corner, in points, like a ruler on paper. */
export interface Zone {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AddressLayout {
  /** Where the sender's address is printed (visible through the return window). */
  returnZone: Zone;
  /** How the sender is printed: a block of lines, or one line (DIN 5008 style). */
  returnStyle: 'block' | 'line';
  /** Where the recipient's address is printed (visible through the recipient window). */
  recipientZone: Zone;
  /** Painted white around each zone so content under it cannot show or confuse scanners. */
  clearance: number;
  /** Largest and smallest font sizes tried when fitting the address into its zone. */
  fontSizes: { max: number; min: number };
  /**
   * Areas painted white that carry no text (a postcard's postage area and barcode clear
   * zone): they are already the exact area to keep free, so no clearance is added to them.
   */
  keepClear?: readonly Zone[];
  /** Where an Intelligent Mail barcode goes instead of the recipient block (a mail piece's barcode clear zone). */
  imbZone?: Zone;
}

const zone = (x: number, y: number, width: number, height: number): Zone => ({ x, y, width, height });

/**
 * us_letter: a standard double-window #10 envelope with the sheet tri-folded.
 *   return    0.5 in from left, 0.5 in from top, 3.25 × 0.875 in
 *   recipient 0.5 in from left, 2.0 in from top, 3.5 × 1.0 in
 * a4: a DL window envelope, DIN 5008 form B address field (20 mm from left, 45 mm from top):
 *   return    one line in the top 12.7 mm of the field, 85 mm wide
 *   recipient the remaining 27.3 mm of the field (20 mm left, 62.7 mm top), 85 mm wide
 * A 0.1 in band around each zone is cleared too (the sheet moves a little in the envelope).
 */
export const ADDRESS_LAYOUTS: Readonly<Record<LetterSize, AddressLayout>> = Object.freeze({
  us_letter: {
    returnZone: zone(inch(0.5), inch(0.5), inch(3.25), inch(0.875)),
    returnStyle: 'block',
    recipientZone: zone(inch(0.5), inch(2.0), inch(3.5), inch(1.0)),
    clearance: inch(0.1),
    fontSizes: { max: 10, min: 6 },
  },
  a4: {
    returnZone: zone(mm(20), mm(45), mm(85), mm(12.7)),
    returnStyle: 'line',
    recipientZone: zone(mm(20), mm(62.7), mm(85), mm(27.3)),
    clearance: mm(2.5),
    fontSizes: { max: 10, min: 6 },
  },
});
