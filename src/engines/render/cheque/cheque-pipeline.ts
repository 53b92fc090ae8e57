import { renderPipeline } from '../render-pipeline.js';
import type { ChequeRenderInput } from './cheque-job.js';
import { renderCheque } from './render-cheque.js';

/** Cheques (CHEQUE_STAGES): the cheque page and its letter, Postroom's own pages throughout. */
export const CHEQUE_PIPELINE = renderPipeline({
  kind: 'cheque',
  render: async (input: ChequeRenderInput, deps) => {
    const { pdf, pageCount, warnings } = await renderCheque(input, deps);
    return { pdf, pageCount, warnings, companions: {} };
  },
});
