import type { BrowserPool } from '../browser/page-pool.js';
import type { LetterRenderInput, LetterRenderResult, RenderDeps } from '../letter/letter-job.js';
import { renderLetter } from '../letter/render-letter.js';

/**
 * What a render job needs: a letter in, a print-ready PDF out. Two implementations: on the
 * calling thread (tests, the CLI), or on a render thread of its own (RenderThread, what a
 * server uses, so Chromium's protocol traffic and the pdf-lib work never block the API).
 */
export interface LetterRenderer {
  render(input: LetterRenderInput): Promise<LetterRenderResult>;
  close(): Promise<void>;
}

/** Renders on the calling thread with the given browser pool and asset fetcher. */
export function inThreadRenderer(deps: RenderDeps & { pool: BrowserPool }): LetterRenderer {
  return { render: (input) => renderLetter(input, deps), close: () => deps.pool.close() };
}
