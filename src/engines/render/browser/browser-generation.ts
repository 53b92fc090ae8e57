import { RenderUnavailableError } from '../errors.js';
import { type LaunchedBrowser, type LaunchOptions, launchBrowser } from './launch-browser.js';
import type { PooledPage } from './page-setup.js';

/** One running browser and its tabs; the pool replaces it whole when the browser dies. */
export interface Generation {
  launched: LaunchedBrowser;
  pages: Set<PooledPage>;
  idle: PooledPage[];
  creating: number;
  dead: boolean;
  /** Rejects when the browser disconnects, so in-flight jobs fail instead of hanging. */
  crashed: Promise<never>;
}

/**
 * Launches a browser as a new generation. When it disconnects (crash, kill, close) the
 * generation is marked dead, every job racing `crashed` fails retryably, and `onExit` runs.
 */
export async function startGeneration(
  executablePath: string,
  launchOptions: LaunchOptions,
  onExit: (gen: Generation) => void,
): Promise<Generation> {
  let launched: LaunchedBrowser;
  try {
    launched = await launchBrowser(executablePath, launchOptions);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new RenderUnavailableError(`could not start ${executablePath}: ${why}`, { cause: err });
  }
  let reject: (err: Error) => void = () => {};
  const crashed = new Promise<never>((_, r) => {
    reject = r;
  });
  crashed.catch(() => {}); // observed through Promise.race; never an unhandled rejection
  const gen: Generation = { launched, pages: new Set(), idle: [], creating: 0, dead: false, crashed };
  launched.browser.once('disconnected', () => {
    gen.dead = true;
    reject(new RenderUnavailableError('the browser exited during the render'));
    onExit(gen);
  });
  return gen;
}
