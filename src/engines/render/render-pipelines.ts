import { renderBox } from './box/render-box.js';
import { renderCheque } from './cheque/render-cheque.js';
import type { RenderDeps } from './letter/letter-job.js';
import { renderLetter } from './letter/render-letter.js';
import { renderPostcard, renderSelfMailer, renderSnapPack } from './mailpiece/render-mailpiece.js';
import type { RenderJob, RenderKind, RenderResult } from './render-job.js';

type Pipeline<K extends RenderKind> = (
  input: Extract<RenderJob, { kind: K }>['input'],
  deps: RenderDeps,
) => Promise<RenderResult>;

/**
 * The pipeline of each kind, in one table: a new kind adds its stages (LETTER_STAGES in
 * letter/render-letter.ts, POSTCARD_STAGES, SELF_MAILER_STAGES and SNAP_PACK_STAGES in
 * mailpiece/render-mailpiece.ts, CHEQUE_STAGES in cheque/render-cheque.ts, BOX_STAGES in
 * box/render-box.ts) and one row here.
 */
export const RENDER_PIPELINES: { readonly [K in RenderKind]: Pipeline<K> } = Object.freeze({
  letter: async (input, deps) => {
    const letter = await renderLetter(input, deps);
    const companions: Record<string, Uint8Array> = letter.card ? { card: letter.card.pdf } : {};
    return { pdf: letter.pdf, pageCount: letter.pageCount, warnings: letter.warnings, companions };
  },
  postcard: async (input, deps) => ({ ...(await renderPostcard(input, deps)), companions: {} }),
  self_mailer: async (input, deps) => ({ ...(await renderSelfMailer(input, deps)), companions: {} }),
  snap_pack: async (input, deps) => ({ ...(await renderSnapPack(input, deps)), companions: {} }),
  cheque: async (input, deps) => {
    const { pdf, pageCount, warnings } = await renderCheque(input, deps);
    return { pdf, pageCount, warnings, companions: {} };
  },
  box: async (input, deps) => ({ ...(await renderBox(input, deps)), companions: {} }),
});

/** Renders one order with its kind's pipeline. */
export function renderJob(job: RenderJob, deps: RenderDeps): Promise<RenderResult> {
  const pipeline = RENDER_PIPELINES[job.kind] as Pipeline<RenderKind>;
  return pipeline(job.input, deps);
}
