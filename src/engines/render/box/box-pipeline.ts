import { renderPipeline } from '../render-pipeline.js';
import type { BoxRenderInput } from './box-job.js';
import { renderBox } from './render-box.js';

/** Boxes (BOX_STAGES): a packing page and every cheque, Postroom's own pages throughout. */
export const BOX_PIPELINE = renderPipeline({
  kind: 'box',
  render: async (input: BoxRenderInput, deps) => ({ ...(await renderBox(input, deps)), companions: {} }),
});
