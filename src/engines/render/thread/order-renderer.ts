import type { BrowserPool } from '../browser/page-pool.js';
import type { RenderDeps } from '../letter/letter-job.js';
import type { RenderJob, RenderResult } from '../render-job.js';
import { renderJob } from '../render-pipelines.js';

/**
 * What a render job needs: an order in, a print-ready PDF out. Two implementations: on the
 * calling thread (tests, the CLI), or on a render thread of its own (RenderThread, what a
 * server uses, so Chromium's protocol traffic and the pdf-lib work never block the API).
 */
export interface OrderRenderer {
  render(job: RenderJob): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Renders on the calling thread with the given browser pool and asset fetcher. */
export function inThreadRenderer(deps: RenderDeps & { pool: BrowserPool }): OrderRenderer {
  return { render: (job) => renderJob(job, deps), close: () => deps.pool.close() };
}
