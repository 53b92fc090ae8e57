import type { RenderDeps } from './letter/letter-job.js';
import type { PreviewZones } from './preview-zones.js';
import type { RenderResult } from './render-job.js';

/**
 * How the engine renders one kind of job, declared by the folder whose stages do it
 * (`letter/letter-pipeline.ts`, ...) and listed once in render-pipelines.ts. The kind is a
 * string the callers choose; the engine knows nothing of what the API calls it.
 */
export interface RenderPipeline<Kind extends string = string, Input = any> {
  kind: Kind;
  render(input: Input, deps: RenderDeps): Promise<RenderResult>;
  /**
   * What Postroom covers on the page the addresses go on, for a dashboard to draw over the
   * PDF; none for a kind whose pages are Postroom's own throughout (cheques, boxes).
   */
  previewZones?(size: unknown): PreviewZones | null;
}

/** A pipeline, its kind kept as a literal so RenderJob can name it. */
export const renderPipeline = <const Kind extends string, Input>(pipeline: RenderPipeline<Kind, Input>) =>
  pipeline;

/** The job a pipeline takes: `{ kind, input }`. */
export type JobOf<P> =
  P extends RenderPipeline<infer Kind, infer Input> ? { kind: Kind; input: Input } : never;
