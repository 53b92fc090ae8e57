import type { PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';

/**
 * The E-13B MICR character set, drawn as vector rectangles (no font package ships it, and
 * a font file is not something to copy). The published geometry this follows (ISO 1004-1,
 * ANSI X9.100-20, formerly X9.27; CPA Standard 006 in Canada):
 *
 * - every character is designed on a grid of 0.013 in squares, at most 7 squares wide and
 *   9 high (0.091 × 0.117 in); the narrowest character is 4 squares wide;
 * - the ten digits and the transit and amount symbols are the full 9 squares tall; the
 *   on-us and dash symbols are shorter;
 * - characters sit in cells of exactly 0.125 in (8 per inch), spaced by their right edges,
 *   so a glyph is drawn against its cell's right edge and narrow ones leave space on the left;
 * - the digits are blocky with thin upper strokes and thick lower strokes: the
 *   magnetic read head tells them apart by the waveform their ink areas make, which is why
 *   the shapes look the way they do;
 * - ⑆ transit (U+2446): a tall bar and two squares beside it; ⑇ amount (U+2447): two bars
 *   about a pair of squares; ⑈ on-us (U+2448): two bars and a small square; ⑉ dash
 *   (U+2449): a short row of small bars at mid height.
 *
 * The grids below are drawn from those facts, one string per row from the top, `#` inked.
 * Printed in ink only, the line reads for image capture (Check 21) and the eye; a print
 * shop prints cheques with MICR toner so that the same line also reads magnetically.
 */

/** One grid square, in inches. */
export const MICR_SQUARE_IN = 0.013;
/** Rows of the design grid: every glyph has exactly this many (blank rows included). */
export const MICR_ROWS = 9;
/** Widest a glyph may be, in squares. */
export const MICR_MAX_COLUMNS = 7;
/** One character cell, in inches (8 characters per inch). */
export const MICR_PITCH_IN = 0.125;

export const MICR_TRANSIT = '⑆';
export const MICR_AMOUNT = '⑇';
export const MICR_ON_US = '⑈';
export const MICR_DASH = '⑉';

export type MicrChar =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | typeof MICR_TRANSIT
  | typeof MICR_AMOUNT
  | typeof MICR_ON_US
  | typeof MICR_DASH;

/** The 14 glyphs, 9 rows each from the top; every row of one glyph is as wide as the glyph. */
export const MICR_GLYPHS: Readonly<Record<MicrChar, readonly string[]>> = Object.freeze({
  '0': grid(`
    .####.
    ##..##
    ##..##
    ##..##
    ##..##
    ##..##
    ##..##
    ##..##
    .####.
  `),
  '1': grid(`
    ###.
    ..#.
    ..#.
    ..#.
    ..#.
    .###
    .###
    .###
    .###
  `),
  '2': grid(`
    #####
    ....#
    ....#
    ....#
    #####
    ##...
    ##...
    #####
    #####
  `),
  '3': grid(`
    #####.
    ....#.
    ....#.
    ....#.
    .#####
    ....##
    ....##
    ######
    ######
  `),
  '4': grid(`
    #.....
    #.....
    #.....
    #...##
    #...##
    ######
    ######
    ....##
    ....##
  `),
  '5': grid(`
    #####
    #....
    #....
    #....
    #####
    ...##
    ...##
    #####
    #####
  `),
  '6': grid(`
    #####.
    #.....
    #.....
    #.....
    ######
    ##..##
    ##..##
    ######
    ######
  `),
  '7': grid(`
    #####
    #...#
    ....#
    ....#
    ...##
    ...##
    ...##
    ...##
    ...##
  `),
  '8': grid(`
    .####.
    .#..#.
    .#..#.
    .#..#.
    ######
    ##..##
    ##..##
    ######
    ######
  `),
  '9': grid(`
    ######
    #....#
    #....#
    #....#
    ######
    ....##
    ....##
    ....##
    ....##
  `),
  [MICR_TRANSIT]: grid(`
    ##....
    ##.###
    ##.###
    ##....
    ##....
    ##....
    ##.###
    ##.###
    ##....
  `),
  [MICR_AMOUNT]: grid(`
    #.....#
    #.....#
    #.###.#
    #.###.#
    #.....#
    #.###.#
    #.###.#
    #.....#
    #.....#
  `),
  [MICR_ON_US]: grid(`
    .......
    ##.##..
    ##.##..
    ##.##..
    ##.##..
    ##.##..
    .....##
    .....##
    .......
  `),
  [MICR_DASH]: grid(`
    .....
    .....
    .....
    ##.##
    ##.##
    ##.##
    .....
    .....
    .....
  `),
});

/** A filled rectangle of a glyph in grid squares, from the glyph's bottom-left corner. */
export interface GlyphRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The glyph's width in grid squares. */
export function glyphColumns(char: MicrChar): number {
  return MICR_GLYPHS[char][0].length;
}

/**
 * The glyph as few rectangles: runs of inked squares in each row, merged with the same run
 * in the rows below, so a stroke is one rectangle rather than a column of squares (no hairline
 * seams between squares when a rasteriser rounds their edges).
 */
export function glyphRects(char: MicrChar): GlyphRect[] {
  const rows = MICR_GLYPHS[char];
  const open = new Map<string, GlyphRect>();
  const done: GlyphRect[] = [];
  for (const [r, row] of rows.entries()) {
    const y = rows.length - 1 - r;
    const seen = new Set<string>();
    for (const match of row.matchAll(/#+/g)) {
      const key = `${match.index}:${match[0].length}`;
      seen.add(key);
      const above = open.get(key);
      if (above) {
        above.y = y;
        above.height += 1;
      } else open.set(key, { x: match.index!, y, width: match[0].length, height: 1 });
    }
    for (const [key, rect] of open) {
      if (seen.has(key)) continue;
      done.push(rect);
      open.delete(key);
    }
  }
  return [...done, ...open.values()];
}

/**
 * Draws one character with its right edge at `right` and its foot at `bottom` (PDF points,
 * from the page's bottom-left corner): the cell's right edge, since E-13B spaces characters
 * by their right edges.
 */
export function drawMicrChar(page: PDFPage, char: MicrChar, right: number, bottom: number): void {
  const square = MICR_SQUARE_IN * 72;
  const left = right - glyphColumns(char) * square;
  for (const rect of glyphRects(char)) {
    page.drawRectangle({
      x: left + rect.x * square,
      y: bottom + rect.y * square,
      width: rect.width * square,
      height: rect.height * square,
      color: pdfLib().rgb(0, 0, 0),
    });
  }
}

/** A glyph written as indented lines of `#` and `.`, one per row. */
function grid(text: string): readonly string[] {
  return Object.freeze(
    text
      .split('\n')
      .map((row) => row.trim())
      .filter(Boolean),
  );
}
