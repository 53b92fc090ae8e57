import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import type { LetterStage } from '../letter-job.js';

/** A letter too long to fold into an envelope is refused rather than half-printed. */
export const checkLetterPages: LetterStage = async (job) => {
  const pages = job.doc!.getPageCount();
  if (pages <= LIMITS.maxLetterPages) return;
  const message = `${job.contentField}: the letter would have ${pages} pages; the limit is ${LIMITS.maxLetterPages}`;
  throw new RenderInputError(job.contentField, message, 'too_many_pages');
};
