/** The render thread (see RenderThread): a browser pool, and one message per order each way. */
import { parentPort, workerData } from 'node:worker_threads';
import { createAssetFetcher } from '../assets/fetch-asset.js';
import { lowerThisThread } from '../browser/low-priority.js';
import { BrowserPool } from '../browser/page-pool.js';
import { renderJob } from '../render-pipelines.js';
import type { FromThread, RenderThreadOptions, ToThread } from './render-thread.js';
import { sendableError } from './thread-errors.js';

const options = workerData as Required<RenderThreadOptions>;
const port = parentPort!;
// This lowers the render thread, not the API's event loop. Chromium, started from here,
// inherits it (lowPriorityPrefix adds only the rest).
lowerThisThread(options.priority);
const pool = new BrowserPool({
  executablePath: options.executablePath,
  size: options.poolSize,
  priority: options.priority,
  printBatch: options.printBatch,
  printsAtOnce: options.printsAtOnce,
  renderTimeoutMs: options.renderTimeoutMs,
});
const fetchAsset = createAssetFetcher(options.allowPrivateUrls);
const send = (msg: FromThread) => port.postMessage(msg);

port.on('message', async (msg: ToThread) => {
  if (msg.type === 'close') {
    await pool.close().catch(() => {});
    return send({ type: 'closed' });
  }
  const stages: [string, number][] = [];
  try {
    const observe = (stage: string, ms: number) => stages.push([stage, ms]);
    const result = await renderJob(msg.job, { pool, fetchAsset, observe });
    send({ type: 'done', id: msg.id, result, stages });
  } catch (err) {
    send({ type: 'failed', id: msg.id, error: sendableError(err) });
  }
});
