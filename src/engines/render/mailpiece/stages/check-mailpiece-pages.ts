import { RenderInputError } from '../../errors.js';
import { kindName } from '../mailpiece-format.js';
import type { MailpieceStage } from '../mailpiece-job.js';

/** A two-sided piece is exactly two pages; anything else would be imposed out of step. */
export const checkMailpiecePages: MailpieceStage = async (job) => {
  const pages = job.doc!.getPageCount();
  if (pages === 2) return;
  const { content } = job.input;
  const field = content.kind === 'pdf' ? content.field : content.sides[0].field;
  const message = `${field}: the ${kindName(job.format)} would have ${pages} pages; it needs 2 (${job.format.pageNames.join(', ')})`;
  throw new RenderInputError(field, message, 'page_count');
};
