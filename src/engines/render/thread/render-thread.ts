import { Worker } from 'node:worker_threads';
import { DEFAULT_RENDER_PRIORITY, type RenderPriority } from '../browser/low-priority.js';
import { DEFAULT_PRINT_BATCH } from '../browser/page-pool.js';
import { RenderUnavailableError } from '../errors.js';
import { LIMITS } from '../limits.js';
import type { RenderJob, RenderResult } from '../render-job.js';
import type { OrderRenderer } from './order-renderer.js';
import { revivedError, type SentError } from './thread-errors.js';

export interface RenderThreadOptions {
  /** Chromium binary; default /usr/bin/chromium. */
  executablePath?: string;
  /** Tabs rendering at once (BrowserPool size). */
  poolSize?: number;
  /** Letters or mail pieces sharing one print at most (BrowserPool printBatch; 1 prints each alone). */
  printBatch?: number;
  /** Shared prints running at once (BrowserPool printsAtOnce; 0 or unset = half the CPUs, at least 2). */
  printsAtOnce?: number;
  /** The render thread's and Chromium's CPU priority; default nice 19 and SCHED_IDLE. */
  priority?: RenderPriority;
  /** Time one print may hold its tab (BrowserPool renderTimeoutMs; default LIMITS.renderTimeoutMs). */
  renderTimeoutMs?: number;
  allowPrivateUrls: boolean;
}

export type ToThread = { type: 'render'; id: number; job: RenderJob } | { type: 'close' };
export type FromThread =
  | { type: 'done'; id: number; result: RenderResult; stages: [string, number][] }
  | { type: 'failed'; id: number; error: SentError }
  | { type: 'closed' };

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./render-thread-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);

/** dist runs the compiled entry; from source (tests, benches) tsx is registered in the thread first. */
function startWorker(workerData: unknown): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

interface Pending {
  resolve: (result: RenderResult) => void;
  reject: (err: Error) => void;
}

/**
 * Renders orders on a worker thread that owns the browser pool. Everything a render costs the
 * JavaScript side (Chromium's protocol messages and the base64 PDF, pdf-lib parsing, stamping
 * and compressing, their garbage) happens on that thread, at a lower CPU priority, so the API's
 * event loop in the same process only sees a message in and a message out per order.
 *
 * The thread starts on the first render (an API-only process never starts it). If it dies,
 * the renders it held fail with RenderUnavailableError (the job retries) and the next render
 * starts a new one.
 */
export class RenderThread implements OrderRenderer {
  readonly #options: Required<RenderThreadOptions>;
  readonly #observe?: (stage: string, ms: number) => void;
  #worker?: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 0;
  #closed = false;

  constructor(options: RenderThreadOptions, observe?: (stage: string, ms: number) => void) {
    this.#options = {
      executablePath: options.executablePath ?? '/usr/bin/chromium',
      poolSize: options.poolSize ?? 3,
      printBatch: options.printBatch ?? DEFAULT_PRINT_BATCH,
      printsAtOnce: options.printsAtOnce ?? 0,
      priority: options.priority ?? DEFAULT_RENDER_PRIORITY,
      renderTimeoutMs: options.renderTimeoutMs ?? LIMITS.renderTimeoutMs,
      allowPrivateUrls: options.allowPrivateUrls,
    };
    this.#observe = observe;
  }

  render(job: RenderJob): Promise<RenderResult> {
    if (this.#closed) return Promise.reject(new RenderUnavailableError('the render thread is closed'));
    const worker = this.#worker ?? this.#start();
    const id = ++this.#nextId;
    // A thread with renders in hand keeps the process alive until they are answered.
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'render', id, job } satisfies ToThread);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    // The thread closes its browser (and deletes the profile) before it is stopped.
    const closed = new Promise<void>((resolve) => {
      worker.on('message', (msg: FromThread) => msg.type === 'closed' && resolve());
      worker.once('exit', () => resolve());
      setTimeout(resolve, 15_000).unref();
    });
    worker.postMessage({ type: 'close' } satisfies ToThread);
    await closed;
    await worker.terminate();
  }

  #start(): Worker {
    const worker = startWorker(this.#options);
    worker.on('message', (msg: FromThread) => {
      if (msg.type === 'closed') return;
      const pending = this.#pending.get(msg.id);
      if (!pending) return;
      this.#pending.delete(msg.id);
      if (this.#pending.size === 0) worker.unref();
      if (msg.type === 'failed') return pending.reject(revivedError(msg.error));
      for (const [stage, ms] of msg.stages) this.#observe?.(stage, ms);
      pending.resolve(msg.result);
    });
    worker.on('error', (err) => this.#lost(worker, err.message));
    worker.on('exit', (code) => this.#lost(worker, `exited with code ${code}`));
    // Like the in-thread pool, an idle render thread does not keep the process alive (render()
    // refs it while it has renders in hand). After the 'message' listener: adding one refs the
    // worker's port again.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #lost(worker: Worker, why: string): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    for (const pending of this.#pending.values())
      pending.reject(new RenderUnavailableError(`the render thread stopped: ${why}`));
    this.#pending.clear();
  }
}
