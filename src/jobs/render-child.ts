import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { LoadGauge } from '../platform/foreground-load.js';

/** What the render child is told at start (env POSTROOM_RENDER_CHILD, JSON). */
export interface RenderChildSetup {
  /** The parent's configuration, with the database it actually opened (embedded or not). */
  config: Config;
  /** The parent's schema when it is not `public` (tests). */
  schema?: string;
}
export const RENDER_CHILD_ENV = 'POSTROOM_RENDER_CHILD';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(`../render-child-main.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** How often the parent tells the child how busy its API is. */
const LOAD_REPORT_MS = 250;
/** A child that ran this long before it died starts again after the first delay, not a longer one. */
const STEADY_MS = 60_000;

/**
 * Starts, watches and restarts the render child: the process that makes this process's PDFs
 * (Config.renders `child`, the default). Renders cost CPU in Chromium, in pdf-lib and in the
 * garbage collector that serves it; in a process of their own, every one of its threads runs at
 * the lowest priority (nice 19 and SCHED_IDLE, render-child-main.ts), so the API's threads in
 * this process are never queued behind them. The jobs are durable (pg-boss), so a child that
 * dies loses nothing: its active jobs expire and run again, in the child started after it.
 *
 * The child's stdin is a pipe from this process, its lifeline: it closes when this process
 * exits, however it exits (SIGKILL included), and the child then stops. Over it this process
 * also reports its API's load, a line with the requests per second every 250 ms, so the
 * child's renders make way for a busy API as they would in this process (render-gate.ts).
 */
export class RenderChild {
  readonly #setup: RenderChildSetup;
  readonly #log: Logger;
  #child?: ChildProcess;
  #startedAt = 0;
  #delayMs = FIRST_DELAY_MS;
  #restart?: NodeJS.Timeout;
  #stopping = false;
  readonly #load?: LoadGauge;
  #reporting?: NodeJS.Timeout;

  /** `load`: this process's API, when it has one. */
  constructor(setup: RenderChildSetup, log: Logger, load?: LoadGauge) {
    this.#setup = setup;
    this.#log = log;
    this.#load = load;
  }

  /** The running child's pid (tests, operators' tools); undefined between a death and its restart. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  start(): void {
    const child = spawn(process.execPath, [...childNodeArgs(), fileURLToPath(ENTRY)], {
      env: { ...process.env, [RENDER_CHILD_ENV]: JSON.stringify(this.#setup) },
      // stdin is the child's lifeline: it closes when this process exits, however it exits.
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    this.#child = child;
    this.#startedAt = Date.now();
    child.stdin!.on('error', () => {}); // a child that died first: its exit is handled below
    const load = this.#load;
    if (load && !this.#reporting) {
      this.#reporting = setInterval(() => {
        // Only once the last report has gone: a child starved of CPU reads late, and reports
        // must not pile up in this process meanwhile.
        const stdin = this.#child?.stdin;
        if (stdin?.writable && stdin.writableLength === 0) stdin.write(`${load.perSecond()}\n`);
      }, LOAD_REPORT_MS);
      this.#reporting.unref();
    }
    child.once('exit', (code, signal) => {
      if (this.#child === child) this.#child = undefined;
      if (this.#stopping) return;
      const delayMs = Date.now() - this.#startedAt >= STEADY_MS ? FIRST_DELAY_MS : this.#delayMs;
      this.#delayMs = Math.min(delayMs * 2, MAX_DELAY_MS); // for the next death, if it comes soon
      this.#log.warn({ code, signal, restartInMs: delayMs }, 'render child exited; starting another');
      this.#restart = setTimeout(() => this.start(), delayMs);
      this.#restart.unref();
    });
  }

  /** Stops the child as `postroom serve` stops: its jobs in hand finish (pg-boss waits up to 10 s). */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#restart);
    clearInterval(this.#reporting);
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(late);
  }
}

/**
 * The child's side of the lifeline: the parent's API load as last reported (0 until the first
 * report, and from a parent without an API), and `onParentGone` once the pipe closes.
 */
export function readParentLoad(input: NodeJS.ReadableStream, onParentGone: () => void): LoadGauge {
  let perSecond = 0;
  const lines = createInterface({ input });
  lines.on('line', (line) => {
    const n = Number(line);
    if (Number.isFinite(n) && n >= 0) perSecond = n;
  });
  lines.on('close', onParentGone);
  return { perSecond: () => perSecond };
}

/**
 * The child runs under the same Node options as this process (a profiler's, tsx's when running
 * from source), except the test runner's and the inspector's, which belong to this process.
 */
function childNodeArgs(): string[] {
  const args = process.execArgv.filter((a) => !/^--(test|inspect|watch)/.test(a));
  return FROM_SOURCE && !args.some((a) => a.includes('tsx')) ? [...args, '--import', 'tsx'] : args;
}
