import type { Color, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import type { Zone } from '../pdf/address-zones.js';
import { fitText } from '../pdf/fit-text.js';
import { drawableText } from '../pdf/standard-font-text.js';

/** Something drawn on the cheque page and the box it was given, for the clear-band check. */
export interface Mark {
  what: string;
  zone: Zone;
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  /** Shrink down to this size before cutting the text short; default `size`. */
  minSize?: number;
  align?: 'left' | 'center' | 'right';
  /**
   * `bottom`: the text sits on the zone's foot, as on a ruled line (the default for a line);
   * `middle`: centred; `top`: hung from the zone's top (the default for a paragraph).
   */
  valign?: 'top' | 'bottom' | 'middle';
  color?: Color;
}

// Functions, not constants: a colour is made by pdf-lib, which loads on first use (platform/packages-on-first-use.ts).
const black = (): Color => pdfLib().rgb(0, 0, 0);
export const grey = (): Color => pdfLib().rgb(0.35, 0.35, 0.35);

/** Descenders below the baseline, as a share of the font size (Helvetica and Times). */
const DESCENT = 0.22;
/** Capital height, as a share of the font size, for centring a line in a box. */
const CAP_HEIGHT = 0.72;

/**
 * Page 1 in the cheque's own terms: zones measured from the top-left corner (as the layout
 * and the envelope windows are), text that always stays inside its zone, and a record of
 * every mark so a later stage can check the clear band holds nothing but the MICR line.
 */
export class ChequeCanvas {
  readonly marks: Mark[] = [];

  constructor(
    readonly page: PDFPage,
    private readonly warnings: Set<string>,
  ) {}

  /** Records a mark drawn by someone else (the stamped addresses). */
  mark(what: string, zone: Zone): void {
    this.marks.push({ what, zone });
  }

  /** One line of text inside `zone`: shrunk to fit its width, cut with "…" (and a warning) if need be. */
  text(what: string, text: string, zone: Zone, style: TextStyle): void {
    const line = this.drawable(what, style.font, text);
    if (!line) return;
    const fitted = fitText(
      style.font,
      [line],
      zone.width,
      Number.POSITIVE_INFINITY,
      style.size,
      style.minSize ?? style.size,
    );
    if (!fitted.fits) this.warnings.add(`${what}: the text does not fit on the cheque and was shortened`);
    const [shown] = fitted.lines;
    const width = style.font.widthOfTextAtSize(shown, fitted.size);
    const x = alignedX(zone, width, style.align);
    const baseline = {
      top: zone.y + fitted.size * CAP_HEIGHT,
      middle: zone.y + (zone.height + fitted.size * CAP_HEIGHT) / 2,
      bottom: zone.y + zone.height - fitted.size * DESCENT,
    }[style.valign ?? 'bottom'];
    this.page.drawText(shown, {
      x,
      y: this.y(baseline),
      size: fitted.size,
      font: style.font,
      color: style.color ?? black(),
    });
    this.mark(what, zone);
  }

  /**
   * Text wrapped to the zone's width, its line breaks kept, at the largest size (down to
   * minSize) at which every line fits the zone; past that, the lines beyond the zone's foot
   * are left out and the last one shown ends in "…" (with a warning).
   */
  paragraph(what: string, text: string, zone: Zone, style: TextStyle & { lineHeight: number }): void {
    const parts = text
      .trim()
      .split(/\r?\n/)
      .map((part) => this.drawable(what, style.font, part));
    const layout = (size: number) => {
      const lines = parts.flatMap((part) => {
        const wrapped = wrap(style.font, size, part, zone.width);
        return wrapped.length ? wrapped : [''];
      });
      const room = Math.max(1, Math.floor((zone.height - size) / (size * style.lineHeight)) + 1);
      return { size, lines, room };
    };
    let fitted = layout(style.size);
    for (
      let size = style.size - 0.5;
      fitted.lines.length > fitted.room && size >= (style.minSize ?? style.size);
      size -= 0.5
    ) {
      fitted = layout(size);
    }
    const { size, lines, room } = fitted;
    if (lines.length > room) {
      lines.length = room;
      const last = [`${lines[room - 1]}…`];
      lines[room - 1] = fitText(style.font, last, zone.width, Number.POSITIVE_INFINITY, size, size).lines[0];
      this.warnings.add(`${what}: the text is longer than the space for it and was shortened`);
    }
    const leading = size * style.lineHeight;
    // top: the first line hangs from the zone's top; bottom: the last line sits on its foot
    let baseline =
      style.valign === 'bottom'
        ? zone.y + zone.height - size * DESCENT - (lines.length - 1) * leading
        : zone.y + size * CAP_HEIGHT;
    for (const line of lines) {
      const width = style.font.widthOfTextAtSize(line, size);
      this.page.drawText(line, {
        x: alignedX(zone, width, style.align),
        y: this.y(baseline),
        size,
        font: style.font,
        color: style.color ?? black(),
      });
      baseline += leading;
    }
    if (lines.some(Boolean)) this.mark(what, zone);
  }

  /** A horizontal rule from x1 to x2 at `y` (from the top). */
  rule(
    what: string,
    x1: number,
    x2: number,
    y: number,
    options: { thickness?: number; dash?: number[]; color?: Color } = {},
  ): void {
    const thickness = options.thickness ?? 0.6;
    this.page.drawLine({
      start: { x: x1, y: this.y(y) },
      end: { x: x2, y: this.y(y) },
      thickness,
      color: options.color ?? black(),
      dashArray: options.dash,
    });
    this.mark(what, { x: x1, y: y - thickness / 2, width: x2 - x1, height: thickness });
  }

  /** A rectangle's outline just inside `zone`. */
  box(what: string, zone: Zone, thickness = 1): void {
    const half = thickness / 2;
    this.page.drawRectangle({
      x: zone.x + half,
      y: this.y(zone.y + zone.height - half),
      width: zone.width - thickness,
      height: zone.height - thickness,
      borderColor: black(),
      borderWidth: thickness,
    });
    this.mark(what, zone);
  }

  /** An image scaled to fit inside `zone`, keeping its proportions: a logo top left, a signature on its line. */
  image(what: string, image: PDFImage, zone: Zone, place: 'top left' | 'bottom centre'): void {
    const scale = Math.min(zone.width / image.width, zone.height / image.height);
    const [width, height] = [image.width * scale, image.height * scale];
    const top = place === 'top left';
    const x = zone.x + (top ? 0 : (zone.width - width) / 2);
    const foot = top ? zone.y + height : zone.y + zone.height;
    this.page.drawImage(image, { x, y: this.y(foot), width, height });
    this.mark(what, zone);
  }

  /** A distance from the top of the page as PDF's y, which counts from the bottom. */
  y(fromTop: number): number {
    return this.page.getHeight() - fromTop;
  }

  /** The text in the standard font's characters; what it cannot write is replaced (with a warning). */
  private drawable(what: string, font: PDFFont, text: string): string {
    const replaced = new Set<string>();
    const line = drawableText(font, text.replace(/\s+/g, ' ').trim(), replaced);
    if (replaced.size) this.warnings.add(`${what}: characters the standard font cannot print were replaced`);
    return line;
  }
}

/** Where a line `width` wide starts in `zone`. */
function alignedX(zone: Zone, width: number, align: TextStyle['align'] = 'left'): number {
  return zone.x + { left: 0, center: (zone.width - width) / 2, right: zone.width - width }[align];
}

/** Words laid into lines no wider than `width`; a word too long for a line is split. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(tried, size) <= width) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}
