import { BOX_PIPELINE } from './box/box-pipeline.js';
import { CHEQUE_PIPELINE } from './cheque/cheque-pipeline.js';
import type { RenderDeps } from './letter/letter-job.js';
import { LETTER_PIPELINE } from './letter/letter-pipeline.js';
import { MAILPIECE_PIPELINES } from './mailpiece/mailpiece-pipelines.js';
import type { PreviewZones } from './preview-zones.js';
import type { RenderJob, RenderResult } from './render-job.js';
import type { RenderPipeline } from './render-pipeline.js';

/**
 * Every pipeline, by kind. Each folder declares its own beside its stages (LETTER_STAGES in
 * letter/, the two-sided kinds' MAILPIECE_STAGES in mailpiece/, CHEQUE_STAGES in cheque/,
 * BOX_STAGES in box/); a new folder is one entry here.
 */
const PIPELINES = [LETTER_PIPELINE, ...MAILPIECE_PIPELINES, CHEQUE_PIPELINE, BOX_PIPELINE];

type Registered = (typeof PIPELINES)[number];
type ByKind = { readonly [P in Registered as P['kind']]: P };

export const RENDER_PIPELINES: ByKind = Object.freeze(
  Object.fromEntries(PIPELINES.map((p) => [p.kind, p])) as ByKind,
);

/** Renders one order with its kind's pipeline. */
export function renderJob(job: RenderJob, deps: RenderDeps): Promise<RenderResult> {
  const pipeline: RenderPipeline | undefined = RENDER_PIPELINES[job.kind];
  if (!pipeline) throw new Error(`no render pipeline for kind ${job.kind}`);
  return pipeline.render(job.input, deps);
}

/**
 * What Postroom covers on an order's address page, so a dashboard can draw it over the PDF:
 * the zones its kind's pipeline names (letter/letter-pipeline.ts, mailpiece/mailpiece-pipelines.ts).
 * Null for a kind with no such page, or no pipeline.
 */
export function previewZones(kind: string, size: unknown): PreviewZones | null {
  const pipeline: RenderPipeline | undefined = Object.hasOwn(RENDER_PIPELINES, kind)
    ? RENDER_PIPELINES[kind as keyof ByKind]
    : undefined;
  return pipeline?.previewZones?.(size) ?? null;
}
