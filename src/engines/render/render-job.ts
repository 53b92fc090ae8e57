import type { JobOf } from './render-pipeline.js';
import type { RENDER_PIPELINES } from './render-pipelines.js';

/**
 * One order to render, tagged with its kind: one member per pipeline registered in
 * render-pipelines.ts, so a new pipeline adds its kind here by being listed there. The render
 * thread, the render child and the jobs pass it along without looking inside.
 */
export type RenderJob = JobOf<(typeof RENDER_PIPELINES)[keyof typeof RENDER_PIPELINES]>;

export type RenderKind = RenderJob['kind'];

/** What every pipeline returns, whatever the kind. */
export interface RenderResult {
  /** The print-ready PDF of the order. */
  pdf: Uint8Array;
  pageCount: number;
  /** Things the caller should know that did not stop the render (blocked URLs, shortened lines). */
  warnings: string[];
  /** Files made beside the order's own PDF, by name: a letter's plastic `card`. */
  companions: Record<string, Uint8Array>;
}
