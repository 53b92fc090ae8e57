import type { RenderDeps } from './letter/letter-job.js';

/** One step of a pipeline: reads and extends the job it is given. */
export type Stage<Job> = (job: Job, deps: RenderDeps) => Promise<void>;

/** Runs a pipeline's stages in order, reporting each one's duration to `deps.observe`. */
export async function runStages<Job>(
  job: Job,
  stages: readonly Stage<Job>[],
  deps: RenderDeps,
): Promise<Job> {
  for (const stage of stages) {
    const started = performance.now();
    await stage(job, deps);
    deps.observe?.(stage.name, performance.now() - started);
  }
  return job;
}
