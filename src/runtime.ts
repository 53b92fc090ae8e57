import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino, { type Logger } from 'pino';
import { createAddressing } from './api/addressing.js';
import type { AppDeps } from './api/deps.js';
import { buildApp } from './app.js';
import type { Config } from './config/config.js';
import { type Database, openDatabase } from './db/database.js';
import { createVerifier } from './engines/address/verify/index.js';
import { RenderThread } from './engines/render/index.js';
import { startGinPendingFlush } from './jobs/gin-pending-flush.js';
import { startQueue } from './jobs/queue.js';
import { createQueues, startWorkers } from './jobs/registry.js';
import { RenderGate } from './jobs/render-gate.js';
import { startWebhookDelivery } from './jobs/webhook-worker.js';
import { type Clock, systemClock } from './platform/clock.js';
import { ForegroundLoad } from './platform/foreground-load.js';
import { createUrlSigner, loadSigningSecret } from './platform/signed-url.js';
import { PgSource } from './reference-store/pg-source.js';
import { FsBlobStore } from './storage/fs-blob-store.js';

export interface RuntimeOptions {
  /** Serve HTTP (false for `postroom worker`). */
  http: boolean;
  /** Run job workers in this process. */
  workers: boolean;
  /** A schema of its own (tests). */
  schema?: string;
  clock?: Clock;
  logger?: Logger;
}

export interface Runtime {
  config: Config;
  db: Database;
  deps: AppDeps;
  boss: PgBoss;
  app?: FastifyInstance;
  logger: Logger;
  close(): Promise<void>;
}

/** Wires config -> database -> queue -> app -> workers. main.ts listens; tests listen on port 0. */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const db = await openDatabase(config, {
    schema: options.schema,
    log: (m) => logger.debug({ pg: m }, 'postgres'),
  });
  const clock = options.clock ?? systemClock;
  const boss = await startQueue(
    db.url,
    db.schema,
    (err) => logger.error({ err }, 'job queue error'),
    config.jobMaintenanceSec,
  );
  const blobs = new FsBlobStore(path.join(config.dataDir, 'blobs'));
  const signer = createUrlSigner(await loadSigningSecret(db.pool), config.publicUrl, clock);
  const verifier = createVerifier(new PgSource(db.pool));
  const addressing = createAddressing(verifier);
  const foreground = new ForegroundLoad();
  const deps: AppDeps = {
    config,
    pool: db.pool,
    clock,
    addressing,
    verifier,
    boss,
    blobs,
    signer,
    foreground,
  };
  // A route that fails to register must not leave pools open and the process hanging.
  const app = options.http
    ? await buildApp(deps, logger).catch(async (err) => {
        await boss.stop({ graceful: false, wait: true });
        await db.close();
        throw err;
      })
    : undefined;
  // The render thread and Chromium start on the first render; an API-only process never starts them.
  const renderer = new RenderThread({
    executablePath: config.chromiumPath,
    poolSize: config.renderPoolSize,
    priority: { niceness: config.renderNice, idle: config.renderIdle },
    allowPrivateUrls: config.allowPrivateUrls,
  });
  const log = (obj: object, msg: string) => logger.info(obj, msg);
  if (options.workers) {
    const renderGate = new RenderGate(options.http ? foreground : undefined, {
      busyAtPerSecond: config.renderYieldAtPerSecond,
      busyConcurrency: config.renderBusyConcurrency,
    });
    const ctx = { config, pool: db.pool, clock, log, boss, blobs, signer, renderer, renderGate };
    await startWorkers(boss, ctx);
  } else {
    await createQueues(boss, config);
  }
  // Index upkeep is background work: it runs where the job workers run.
  const ginFlush = startGinPendingFlush({
    pool: db.pool,
    intervalSec: options.workers ? config.ginFlushSec : 0,
    log: (obj, msg) => logger.warn(obj, msg),
  });
  const webhookLog = (obj: object, msg: string) => logger.warn(obj, msg);
  const webhooks = await startWebhookDelivery(
    { pool: db.pool, boss, config, clock, dbUrl: db.url, log: webhookLog },
    options.workers,
  );
  let closed = false;
  return {
    config,
    db,
    deps,
    boss,
    app,
    logger,
    close: async () => {
      if (closed) return;
      closed = true;
      await app?.close();
      await webhooks.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await renderer.close();
      await ginFlush.stop();
      await db.close();
    },
  };
}
