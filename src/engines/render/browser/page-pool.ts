import { availableParallelism } from 'node:os';
import { RenderInputError, RenderTimeoutError, RenderUnavailableError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { type Generation, startGeneration } from './browser-generation.js';
import { DEFAULT_CHROMIUM_PATH } from './launch-browser.js';
import { DEFAULT_RENDER_PRIORITY, type RenderPriority } from './low-priority.js';
import type { NetworkIsolation } from './no-network.js';
import { type PooledPage, preparePage } from './page-setup.js';

/** Half the CPUs, at least two (printsAtOnce). */
export const defaultPrintsAtOnce = () => Math.max(2, Math.floor(availableParallelism() / 2));

/** Requests (letters, mail pieces) per shared print: past about this many a print gets slower per page (docs/benchmarks.md). */
export const DEFAULT_PRINT_BATCH = 12;

export interface BrowserPoolOptions {
  /** Chromium binary; default /usr/bin/chromium (Debian's package). */
  executablePath?: string;
  /** Tabs rendering at once. 3 measured best on 2 cores (docs/benchmarks.md). */
  size?: number;
  /** Per-job limit once a tab is held; the job then fails retryably. */
  renderTimeoutMs?: number;
  launchTimeoutMs?: number;
  /** Chromium's CPU priority; default nice 19 and SCHED_IDLE, so an API beside it wins the CPU. */
  priority?: RenderPriority;
  /** A tab is replaced after this many jobs so long runs cannot grow a tab without bound. */
  recyclePageAfter?: number;
  /** Letters and mail pieces of one size waiting together print as one, up to this many (print-batcher.ts); 1 prints each alone. */
  printBatch?: number;
  /**
   * Shared prints running at once, at most `size`; default half the machine's CPUs, but at
   * least two, so one slow document never holds up every other render. A print keeps about
   * two CPUs busy (Chromium's renderer, the process it composites the PDF in, then node reading
   * the PDF), and each print has a large fixed cost, so more prints at once only make every
   * print smaller (docs/rendering.md, *Shared prints*).
   */
  printsAtOnce?: number;
  /** false: keep Chromium off the network by flags alone, not a namespace of its own (no-network.ts). */
  networkNamespace?: boolean;
}

export interface PoolStats {
  size: number;
  /** Tabs open now, lent out, and free. */
  open: number;
  busy: number;
  idle: number;
  /** Jobs waiting for a tab. */
  waiting: number;
  /** Since the pool was made: browsers started, browsers that died, jobs run, jobs failed. */
  launches: number;
  crashes: number;
  jobs: number;
  failures: number;
}

/**
 * A warm pool of Chromium tabs. Jobs borrow a tab with withPage(); a crashed or disconnected
 * browser fails the jobs it was running with RenderUnavailableError (retryable) and is
 * relaunched on the next job. close() ends the browser and deletes its profile folder.
 */
export class BrowserPool {
  readonly size: number;
  readonly printBatch: number;
  readonly printsAtOnce: number;
  readonly #opts: Required<BrowserPoolOptions>;
  #generation?: Generation;
  #launching?: Promise<Generation>;
  #waiters: Array<() => void> = [];
  #closed = false;
  #counts = { launches: 0, crashes: 0, jobs: 0, failures: 0 };

  constructor(options: BrowserPoolOptions = {}) {
    this.#opts = {
      executablePath: options.executablePath ?? DEFAULT_CHROMIUM_PATH,
      size: Math.max(1, options.size ?? 3),
      renderTimeoutMs: options.renderTimeoutMs ?? LIMITS.renderTimeoutMs,
      launchTimeoutMs: options.launchTimeoutMs ?? 30_000,
      priority: options.priority ?? DEFAULT_RENDER_PRIORITY,
      recyclePageAfter: options.recyclePageAfter ?? 1_000,
      printBatch: Math.max(1, options.printBatch ?? DEFAULT_PRINT_BATCH),
      printsAtOnce: Math.max(1, options.printsAtOnce || defaultPrintsAtOnce()),
      networkNamespace: options.networkNamespace ?? true,
    };
    this.size = this.#opts.size;
    this.printBatch = this.#opts.printBatch;
    this.printsAtOnce = Math.min(this.size, this.#opts.printsAtOnce);
  }

  /** Launches the browser and opens every tab now rather than on the first jobs. */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, () => this.withPage(async () => {})));
  }

  /**
   * Runs `job` with a tab of its own, within the render timeout. With `prefer`, an idle tab it
   * accepts is lent before any other (a tab still holding what the job can reuse); any idle tab
   * is better than waiting.
   */
  async withPage<T>(
    job: (page: PooledPage) => Promise<T>,
    timeoutMs = this.#opts.renderTimeoutMs,
    prefer?: (page: PooledPage) => boolean,
  ): Promise<T> {
    const { gen, pooled } = await this.#acquire(prefer);
    pooled.blocked = [];
    let healthy = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeoutError(`render took over ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([job(pooled), gen.crashed, timeout]);
      healthy = true;
      return result;
    } catch (err) {
      if (err instanceof RenderInputError || err instanceof RenderUnavailableError) throw err;
      const why = gen.dead ? 'the browser exited during the render' : `the browser failed: ${message(err)}`;
      throw new RenderUnavailableError(why, { cause: err });
    } finally {
      clearTimeout(timer);
      this.#release(gen, pooled, healthy);
    }
  }

  /** A snapshot for /metrics and health checks. */
  stats(): PoolStats {
    const gen = this.#generation;
    const open = gen ? gen.pages.size : 0;
    const idle = gen ? gen.idle.length : 0;
    return { size: this.size, open, busy: open - idle, idle, waiting: this.#waiters.length, ...this.#counts };
  }

  /** How the running browser is kept off the network; undefined before the first launch. */
  networkIsolation(): NetworkIsolation | undefined {
    return this.#generation?.launched.isolation;
  }

  /** The browser's process id, for tests and memory accounting. */
  browserPid(): number | undefined {
    return this.#generation?.launched.browser.process()?.pid;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#wakeAll();
    const gen = this.#generation ?? (await this.#launching?.catch(() => undefined));
    if (!gen) return;
    await gen.launched.browser.close().catch(() => gen.launched.browser.process()?.kill('SIGKILL'));
    await gen.launched.cleanup();
  }

  async #acquire(prefer?: (page: PooledPage) => boolean): Promise<{ gen: Generation; pooled: PooledPage }> {
    for (;;) {
      if (this.#closed) throw new RenderUnavailableError('the browser pool is closed');
      const gen = await this.#current();
      const idle = takeIdle(gen.idle, prefer);
      if (idle) return { gen, pooled: idle };
      if (gen.pages.size + gen.creating < this.size) {
        gen.creating++;
        try {
          const pooled = await preparePage(await gen.launched.browser.newPage());
          gen.pages.add(pooled);
          return { gen, pooled };
        } catch (err) {
          if (gen.dead) continue;
          throw new RenderUnavailableError(`could not open a browser tab: ${message(err)}`, { cause: err });
        } finally {
          gen.creating--;
        }
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  #release(gen: Generation, pooled: PooledPage, healthy: boolean): void {
    pooled.renders++;
    this.#counts.jobs++;
    if (!healthy) this.#counts.failures++;
    if (healthy && !gen.dead && pooled.renders < this.#opts.recyclePageAfter) {
      gen.idle.push(pooled);
    } else {
      // A tab that failed or timed out may be wedged: drop it and let the next job open a fresh one.
      gen.pages.delete(pooled);
      if (!gen.dead) void pooled.page.close().catch(() => {});
    }
    this.#waiters.shift()?.();
  }

  #current(): Promise<Generation> {
    if (this.#generation && !this.#generation.dead) return Promise.resolve(this.#generation);
    this.#launching ??= this.#launch().finally(() => {
      this.#launching = undefined;
    });
    return this.#launching;
  }

  async #launch(): Promise<Generation> {
    const { executablePath, launchTimeoutMs, priority, networkNamespace } = this.#opts;
    const launch = { timeoutMs: launchTimeoutMs, priority, networkNamespace };
    const gen = await startGeneration(executablePath, launch, (dead) => {
      if (this.#generation === dead) this.#generation = undefined;
      if (!this.#closed) {
        this.#counts.crashes++;
        void dead.launched.cleanup();
      }
      this.#wakeAll();
    });
    this.#generation = gen;
    this.#counts.launches++;
    return gen;
  }

  #wakeAll(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

/** The most recently freed idle tab that `prefer` accepts, else the most recently freed one. */
function takeIdle(idle: PooledPage[], prefer?: (page: PooledPage) => boolean): PooledPage | undefined {
  if (prefer) {
    for (let i = idle.length - 1; i >= 0; i--) if (prefer(idle[i])) return idle.splice(i, 1)[0];
  }
  return idle.pop();
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
