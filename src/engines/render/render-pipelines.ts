import type { RenderDeps } from './letter/letter-job.js';
import { renderLetter } from './letter/render-letter.js';
import type { RenderJob, RenderKind, RenderResult } from './render-job.js';

type Pipeline<K extends RenderKind> = (
  input: Extract<RenderJob, { kind: K }>['input'],
  deps: RenderDeps,
) => Promise<RenderResult>;

/**
 * The pipeline of each kind, in one table: a new kind adds its stages (e.g. LETTER_STAGES in
 * letter/render-letter.ts) and one row here.
 */
export const RENDER_PIPELINES: { readonly [K in RenderKind]: Pipeline<K> } = Object.freeze({
  letter: async (input, deps) => {
    const letter = await renderLetter(input, deps);
    const companions: Record<string, Uint8Array> = letter.card ? { card: letter.card.pdf } : {};
    return { pdf: letter.pdf, pageCount: letter.pageCount, warnings: letter.warnings, companions };
  },
});

/** Renders one order with its kind's pipeline. */
export function renderJob(job: RenderJob, deps: RenderDeps): Promise<RenderResult> {
  const pipeline = RENDER_PIPELINES[job.kind] as Pipeline<RenderKind>;
  return pipeline(job.input, deps);
}
