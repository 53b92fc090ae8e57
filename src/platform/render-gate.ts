import type { LoadGauge } from './foreground-load.js';

export interface RenderGateOptions {
  /** API requests per second at which renders make way (0: never). */
  busyAtPerSecond: number;
  /** Renders in progress at once while the API is that busy. */
  busyConcurrency: number;
  /** How often a waiting render looks again, as the API may have gone quiet meanwhile. */
  recheckMs?: number;
}

/**
 * Lets renders make way for the API in the same process (or the parent process). A render job is more than Chromium
 * (which already runs at idle CPU priority): reading the order, storing the files, the
 * statement that records the URL and its event, the queue's bookkeeping, all at normal
 * priority. Many of them in flight beside a steady stream of creates take the CPU the
 * creates' tail latency needs on a small machine (docs/decisions.md). So while the API is
 * busy renders go `busyConcurrency` at a time; when it is quiet they go as fast as the
 * workers take them.
 *
 * Only this process's API is seen, or, in the render child, its parent's (render-child.ts
 * reports it): a `postroom worker` process, with no API beside it, never waits.
 */
export class RenderGate {
  #active = 0;
  #waiting: (() => void)[] = [];
  readonly #load?: LoadGauge;
  readonly #options: Required<RenderGateOptions>;

  constructor(load: LoadGauge | undefined, options: RenderGateOptions) {
    this.#load = load;
    this.#options = { recheckMs: 100, ...options };
  }

  /** Renders in progress now (the tests read it). */
  get active(): number {
    return this.#active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.#active >= this.#limit()) await this.#turn();
    this.#active++;
    try {
      return await work();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }

  #limit(): number {
    const { busyAtPerSecond, busyConcurrency } = this.#options;
    const busy = this.#load && busyAtPerSecond > 0 && this.#load.perSecond() >= busyAtPerSecond;
    return busy ? Math.max(1, busyConcurrency) : Number.POSITIVE_INFINITY;
  }

  /** Until a render finishes or the recheck time passes, whichever is first. */
  #turn(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting = this.#waiting.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, this.#options.recheckMs);
      this.#waiting.push(done);
    });
  }
}
