import { degrees, rgb } from 'pdf-lib';
import { drawableText } from '../../pdf/standard-font-text.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_ZONES } from '../cheque-layout.js';

const ANGLE = 18;
const LARGEST = 110;
/** Capital height as a share of the font size: the watermark has no descenders worth room. */
const CAP_HEIGHT = 0.72;

/**
 * A digital-only cheque (never printed) carries its watermark (VOID unless the caller gave
 * one) large, light and on a slant across the cheque, kept above the clear band.
 */
export const drawWatermark: ChequeStage = async (job) => {
  const digital = job.input.digitalOnly;
  if (!digital) return;
  const canvas = job.canvas!;
  const font = job.fonts!.bold;
  const replaced = new Set<string>();
  const text = drawableText(font, digital.watermark?.replace(/\s+/g, ' ').trim() || 'VOID', replaced);
  if (replaced.size)
    job.warnings.add('digitalOnly.watermark: characters the standard font cannot print were replaced');
  const zone = CHEQUE_ZONES.watermark;
  const [cos, sin] = [Math.cos((ANGLE * Math.PI) / 180), Math.sin((ANGLE * Math.PI) / 180)];
  // The slanted text's bounding box at size 1, to pick the largest size that stays in the zone.
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const boxWidth = unitWidth * cos + CAP_HEIGHT * sin;
  const boxHeight = unitWidth * sin + CAP_HEIGHT * cos;
  const size = Math.min(LARGEST, zone.width / boxWidth, zone.height / boxHeight);
  const [w, h] = [unitWidth * size, CAP_HEIGHT * size];
  // pdf-lib turns text about its start on the baseline: put the text's centre on the zone's.
  const centre = { x: zone.x + zone.width / 2, y: canvas.y(zone.y + zone.height / 2) };
  const x = centre.x - ((w / 2) * cos - (h / 2) * sin);
  const y = centre.y - ((w / 2) * sin + (h / 2) * cos);
  canvas.page.drawText(text, {
    x,
    y,
    size,
    font,
    color: rgb(0.55, 0.55, 0.55),
    opacity: 0.3,
    rotate: degrees(ANGLE),
  });
  const [bw, bh] = [boxWidth * size, boxHeight * size];
  canvas.mark('watermark', {
    x: zone.x + (zone.width - bw) / 2,
    y: zone.y + (zone.height - bh) / 2,
    width: bw,
    height: bh,
  });
};
