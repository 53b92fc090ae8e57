import type { Color, PDFFont } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import type { Zone } from '../pdf/address-zones.js';
import type { ChequeCanvas } from './cheque-canvas.js';

/** Capital height as a share of the font size: a mark across the cheque has no descenders worth room. */
const CAP_HEIGHT = 0.72;

export interface SlantStyle {
  font: PDFFont;
  /** Degrees anticlockwise; negative slants the line down to the right. */
  angle: number;
  largest: number;
  color: Color;
  opacity: number;
}

/**
 * One line of text on a slant, centred in `zone` at the largest size (up to `largest`) whose
 * slanted box still fits the zone, so the mark crosses the cheque without reaching the clear
 * band or the page's safe margin. The box is recorded on the canvas as `what`.
 */
export function drawSlantedText(
  canvas: ChequeCanvas,
  what: string,
  text: string,
  zone: Zone,
  style: SlantStyle,
) {
  const { font, angle } = style;
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [absCos, absSin] = [Math.abs(cos), Math.abs(sin)];
  // The slanted text's bounding box at size 1, to pick the largest size that stays in the zone.
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const boxWidth = unitWidth * absCos + CAP_HEIGHT * absSin;
  const boxHeight = unitWidth * absSin + CAP_HEIGHT * absCos;
  const size = Math.min(style.largest, zone.width / boxWidth, zone.height / boxHeight);
  const [w, h] = [unitWidth * size, CAP_HEIGHT * size];
  // pdf-lib turns text about its start on the baseline: put the text's centre on the zone's.
  const centre = { x: zone.x + zone.width / 2, y: canvas.y(zone.y + zone.height / 2) };
  canvas.page.drawText(text, {
    x: centre.x - ((w / 2) * cos - (h / 2) * sin),
    y: centre.y - ((w / 2) * sin + (h / 2) * cos),
    size,
    font,
    color: style.color,
    opacity: style.opacity,
    rotate: pdfLib().degrees(angle),
  });
  const [bw, bh] = [boxWidth * size, boxHeight * size];
  canvas.mark(what, {
    x: zone.x + (zone.width - bw) / 2,
    y: zone.y + (zone.height - bh) / 2,
    width: bw,
    height: bh,
  });
}
