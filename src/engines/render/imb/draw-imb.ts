import type { PDFPage } from 'pdf-lib';
import { bwipJs, pdfLib } from '../../../platform/packages-on-first-use.js';
import { inch } from '../sizes.js';
import type { BarState } from './usps-b-3200.js';

/** An order's Intelligent Mail barcode: what the render engine draws. */
export interface ImbBarcode {
  /** Barcode ID, Service Type ID, Mailer ID and serial: 20 digits. */
  tracking: string;
  /** ZIP, ZIP+4 or ZIP+4+delivery point: 0, 5, 9 or 11 digits. */
  routing: string;
}

// USPS-B-3200 dimensions, nominal: bars 0.020 in wide at 22 to the inch; a full bar 0.145 in
// tall, the tracker 0.048 in, ascenders and descenders reaching halfway between.
export const IMB_BAR_WIDTH = inch(0.02);
export const IMB_PITCH = inch(1 / 22);
export const IMB_HEIGHT = inch(0.145);
const TRACKER = inch(0.048);
const REACH = (IMB_HEIGHT - TRACKER) / 2;
/** From the left edge of the first bar to the right edge of the 65th. */
export const IMB_LENGTH = 64 * IMB_PITCH + IMB_BAR_WIDTH;

/**
 * The 65 bar states as bwip-js (BWIPP's `onecode`) encodes the code: its raw bars give each
 * bar's bottom and height, read here as descender and ascender. bwip-js's own drawing is not
 * used, because its tracker (0.0375 in) is under USPS-B-3200's 0.039 in minimum.
 */
export function imbBarStates({ tracking, routing }: ImbBarcode): BarState[] {
  const [symbol] = bwipJs().raw('onecode', tracking + routing, '') as unknown as Array<{
    bbs: number[];
    bhs: number[];
  }>;
  const full = Math.max(...symbol.bhs);
  return symbol.bbs.map((bottom, i) => {
    const descender = bottom < 1e-6;
    const ascender = bottom + symbol.bhs[i] > full - 1e-6;
    return descender ? (ascender ? 'F' : 'D') : ascender ? 'A' : 'T';
  });
}

/**
 * Draws the barcode on a page, its first bar's left edge at `x` and the bottom of its full
 * bars at `y` (PDF points, from the page's bottom-left), in black on whatever is there: the
 * callers paint its zone white first. The 65 bars are one filled path (pdf-lib's
 * drawRectangle would write a graphics state per bar and cost milliseconds).
 */
export function drawImb(page: PDFPage, barcode: ImbBarcode, x: number, y: number): void {
  const { fill, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor } = pdfLib();
  const bars = imbBarStates(barcode).map((state, i) => {
    const bottom = state === 'F' || state === 'D' ? y : y + REACH;
    const top = state === 'F' || state === 'A' ? y + IMB_HEIGHT : y + REACH + TRACKER;
    return rectangle(x + i * IMB_PITCH, bottom, IMB_BAR_WIDTH, top - bottom);
  });
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...bars, fill(), popGraphicsState());
}
