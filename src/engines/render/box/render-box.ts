import type { RenderDeps } from '../letter/letter-job.js';
import { runStages } from '../run-stages.js';
import type { BoxJob, BoxRenderInput, BoxRenderResult, BoxStage } from './box-job.js';
import { checkBox } from './stages/check-box.js';
import { drawPackingPage } from './stages/draw-packing-page.js';
import { renderBoxCheques } from './stages/render-box-cheques.js';

/** A box of cheques, in order. Each stage reads and extends the BoxJob. */
export const BOX_STAGES: readonly BoxStage[] = [
  checkBox, // 1 to 100 cheques
  renderBoxCheques, // each cheque through CHEQUE_STAGES, its pages after the packing page
  drawPackingPage, // page 1: the box's addresses in the window zones and the packing list
];

/** Renders a box to one PDF: a packing page, then every cheque (and its letter) in order. */
export async function renderBox(input: BoxRenderInput, deps: RenderDeps): Promise<BoxRenderResult> {
  const job: BoxJob = { input, warnings: new Set(), chequePages: [] };
  await runStages(job, BOX_STAGES, deps);
  const doc = job.doc!;
  return { pdf: await doc.save(), pageCount: doc.getPageCount(), warnings: [...job.warnings] };
}
