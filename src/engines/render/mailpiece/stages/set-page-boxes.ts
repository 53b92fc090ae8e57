import type { MailpieceStage } from '../mailpiece-job.js';

/**
 * Tells the print shop's imposition where to cut: MediaBox and BleedBox are the whole page,
 * TrimBox the finished size a bleed inside it, ArtBox the safe area inside the trim.
 */
export const setPageBoxes: MailpieceStage = async (job) => {
  const { page, trim, bleed, safeMargin } = job.format;
  const safe = bleed + safeMargin;
  for (const p of job.doc!.getPages()) {
    p.setMediaBox(0, 0, page.width, page.height);
    p.setBleedBox(0, 0, page.width, page.height);
    p.setTrimBox(bleed, bleed, trim.width, trim.height);
    p.setArtBox(safe, safe, trim.width - 2 * safeMargin, trim.height - 2 * safeMargin);
  }
};
