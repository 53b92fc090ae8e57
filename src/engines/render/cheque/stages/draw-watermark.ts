import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import { drawableText } from '../../pdf/standard-font-text.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_ZONES } from '../cheque-layout.js';
import { drawSlantedText } from '../slanted-text.js';

/** The watermark's slant; a test cheque's void mark slants the other way, so both stay legible. */
export const WATERMARK_ANGLE = 18;

/**
 * A digital-only cheque (never printed) carries its watermark (VOID unless the caller gave
 * one) large, light and on a slant across the cheque, kept above the clear band.
 */
export const drawWatermark: ChequeStage = async (job) => {
  const digital = job.input.digitalOnly;
  if (!digital) return;
  const font = job.fonts!.bold;
  const replaced = new Set<string>();
  const text = drawableText(font, digital.watermark?.replace(/\s+/g, ' ').trim() || 'VOID', replaced);
  if (replaced.size)
    job.warnings.add('digitalOnly.watermark: characters the standard font cannot print were replaced');
  drawSlantedText(job.canvas!, 'watermark', text, CHEQUE_ZONES.watermark, {
    font,
    angle: WATERMARK_ANGLE,
    largest: 110,
    color: pdfLib().rgb(0.55, 0.55, 0.55),
    opacity: 0.3,
  });
};
