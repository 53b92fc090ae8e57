/**
 * Every physical page size the renderer produces, in PDF points (1/72 in). One table so
 * postcards, self mailers and cheques add rows here and reuse the same HTML→PDF and checks.
 */
export interface PageSize {
  /** PDF points. */
  width: number;
  height: number;
  /** What Chromium's page.pdf() is asked for: exact CSS lengths avoid rounding drift. */
  css: { width: string; height: string };
}

const inch = (n: number): number => n * 72;
const mm = (n: number): number => (n * 72) / 25.4;

function size(width: number, height: number, cssWidth: string, cssHeight: string): PageSize {
  return Object.freeze({ width, height, css: Object.freeze({ width: cssWidth, height: cssHeight }) });
}

export const PAGE_SIZES = Object.freeze({
  us_letter: size(inch(8.5), inch(11), '8.5in', '11in'),
  a4: size(mm(210), mm(297), '210mm', '297mm'),
  us_legal: size(inch(8.5), inch(14), '8.5in', '14in'),
  postcard_6x4: size(inch(6), inch(4), '6in', '4in'),
  postcard_9x6: size(inch(9), inch(6), '9in', '6in'),
  postcard_11x6: size(inch(11), inch(6), '11in', '6in'),
  /** A self mailer's flat sheet; the 8.5 × 11 in sheet is us_letter. */
  self_mailer_9_5x16: size(inch(9.5), inch(16), '9.5in', '16in'),
  /**
   * Postcards and self mailers print edge to edge, so their pages are the trim size plus a
   * 0.125 in bleed on every side (the artwork runs past the cut, which lands inside it).
   */
  postcard_6x4_bleed: size(inch(6.25), inch(4.25), '6.25in', '4.25in'),
  postcard_9x6_bleed: size(inch(9.25), inch(6.25), '9.25in', '6.25in'),
  postcard_11x6_bleed: size(inch(11.25), inch(6.25), '11.25in', '6.25in'),
  self_mailer_8_5x11_bleed: size(inch(8.75), inch(11.25), '8.75in', '11.25in'),
  self_mailer_9_5x16_bleed: size(inch(9.75), inch(16.25), '9.75in', '16.25in'),
  /** CR80 (ID-1) plastic card, landscape: a letter's `plasticCard` artwork, one page per side. */
  plastic_card: size(inch(3.375), inch(2.125), '3.375in', '2.125in'),
});

export type PageSizeName = keyof typeof PAGE_SIZES;
export type LetterSize = 'us_letter' | 'a4';

/** A supplied PDF page may differ from the nominal size by this much (≈1 mm), for rounding. */
export const PAGE_SIZE_TOLERANCE_PT = 3;

export { inch, mm };
