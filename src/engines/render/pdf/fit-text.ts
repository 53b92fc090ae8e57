import type { PDFFont } from 'pdf-lib';

export interface FittedText {
  size: number;
  leading: number;
  lines: string[];
  /** False when even the smallest size could not hold every line whole. */
  fits: boolean;
}

const LEADING = 1.15;

/**
 * The largest font size (in half points) at which `lines` fit a box; below the minimum,
 * lines too wide are cut with an ellipsis rather than spilling out of the envelope window.
 */
export function fitText(
  font: PDFFont,
  lines: string[],
  width: number,
  height: number,
  max: number,
  min: number,
) {
  for (let size = max; size >= min; size -= 0.5) {
    const tallEnough = lines.length * size * LEADING <= height;
    if (tallEnough && lines.every((line) => font.widthOfTextAtSize(line, size) <= width)) {
      return { size, leading: size * LEADING, lines, fits: true } satisfies FittedText;
    }
  }
  const cut = lines.map((line) => truncate(font, line, width, min));
  const fits = cut.every((line, i) => line === lines[i]) && lines.length * min * LEADING <= height;
  return { size: min, leading: min * LEADING, lines: cut, fits } satisfies FittedText;
}

function truncate(font: PDFFont, line: string, width: number, size: number): string {
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  let text = line;
  while (text.length > 1 && font.widthOfTextAtSize(`${text}…`, size) > width) text = text.slice(0, -1);
  return `${text.trimEnd()}…`;
}
