import { blockedLoadWarning } from '../../assets/drop-network-references.js';
import { printHtmlBatched } from '../../browser/print-batcher.js';
import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import type { LetterStage } from '../letter-job.js';

/**
 * Chromium prints the inlined HTML at the letter size, in one print with other letters of the
 * size rendering at the same time (print-batcher.ts); pdf-lib takes it from there.
 */
export const printHtml: LetterStage = async (job, deps) => {
  if (job.html === undefined) return;
  const max = LIMITS.maxLetterPages;
  const printed = await printHtmlBatched(deps.pool, job.html, job.size, { maxPages: max });
  for (const url of new Set(printed.blocked)) {
    job.warnings.add(blockedLoadWarning(url));
  }
  job.doc = printed.doc;
  if (job.doc.getPageCount() > max) {
    const message = `${job.contentField}: the HTML prints to more than ${max} pages`;
    throw new RenderInputError(job.contentField, message, 'too_many_pages');
  }
};
