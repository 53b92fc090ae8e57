import { RenderInputError } from '../../errors.js';
import { type BoxStage, MAX_BOX_CHEQUES } from '../box-job.js';

/** One to a hundred cheques; each cheque's own checks run when it is rendered. */
export const checkBox: BoxStage = async (job) => {
  const n = job.input.cheques.length;
  if (n < 1 || n > MAX_BOX_CHEQUES)
    throw new RenderInputError(
      'cheques',
      `cheques: a box holds 1 to ${MAX_BOX_CHEQUES} cheques, not ${n}`,
      'box_size',
    );
};
