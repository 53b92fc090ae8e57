import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino, { type Logger } from 'pino';
import { createAddressing } from './api/addressing.js';
import type { AppDeps } from './api/deps.js';
import type { JobContext } from './api/job-definition.js';
import { KnownContacts } from './api/print-mail/contacts/known-contacts.js';
import { buildApp } from './app.js';
import { blobLocationOf } from './config/blob-location.js';
import type { Config } from './config/config.js';
import { type Database, openDatabase } from './db/database.js';
import { createVerifier } from './engines/address/verify/index.js';
import { networkIsolation, RenderThread } from './engines/render/index.js';
import { startGinPendingFlush } from './jobs/gin-pending-flush.js';
import { startQueue } from './jobs/queue.js';
import { watchQueues } from './jobs/queue-watch.js';
import { createQueues, jobsFor, startWorkers } from './jobs/registry.js';
import { RenderChild } from './jobs/render-child.js';
import { startWebhookDelivery } from './jobs/webhook-worker.js';
import { type Clock, systemClock } from './platform/clock.js';
import { loadDataKeys } from './platform/data-keys.js';
import { ForegroundLoad, type LoadGauge } from './platform/foreground-load.js';
import { RenderGate } from './platform/render-gate.js';
import { createUrlSigner, loadSigningSecret } from './platform/signed-url.js';
import { PgGeographies } from './reference-store/boundaries/pg-geographies.js';
import { PgCompletions } from './reference-store/pg-completions.js';
import { PgSource } from './reference-store/pg-source.js';
import { ReportSandbox } from './report-sandbox/report-sandbox.js';
import { installReportSandbox } from './report-sandbox/sandbox-install.js';
import type { BlobStore } from './storage/blob-store.js';
import { openBlobStore } from './storage/open-blob-store.js';

export interface RuntimeOptions {
  /** Serve HTTP (false for `postroom worker`). */
  http: boolean;
  /**
   * Job workers in this process: true (all; the PDF-making ones where Config.renders says),
   * false (none: an API alone), or 'renders-only' (the render child: only those that make PDFs).
   */
  workers: boolean | 'renders-only';
  /** A schema of its own (tests). */
  schema?: string;
  clock?: Clock;
  logger?: Logger;
  /** The render child's: its parent's API load, which its renders make way for. */
  parentLoad?: LoadGauge;
}

export interface Runtime {
  config: Config;
  db: Database;
  deps: AppDeps;
  boss: PgBoss;
  app?: FastifyInstance;
  logger: Logger;
  /** The process making this one's PDFs, when Config.renders is `child`. */
  renderChild?: RenderChild;
  close(): Promise<void>;
}

/** Wires config -> database -> queue -> app -> workers. main.ts listens; tests listen on port 0. */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  // The render child's connections have names of their own, so an operator (or a
  // benchmark) can tell in pg_stat_activity which backends serve renders.
  const connectionName = options.workers === 'renders-only' ? 'postroom-renders' : 'postroom';
  // First, so a wrong bucket stops start-up before any connection is opened.
  const blobs = await openBlobStore(blobLocationOf(config));
  const db = await openDatabase(config, {
    schema: options.schema,
    applicationName: connectionName,
    poolMax: config.dbPoolMax,
    log: (m) => logger.debug({ pg: m }, 'postgres'),
  });
  const boss = await startJobQueue(config, db, connectionName, logger);
  const deps = await appDeps(config, db, boss, blobs, options.clock ?? systemClock);
  if (options.workers && config.renders !== 'elsewhere') warnIfRendersHaveNoNamespace(logger);
  const app = options.http ? await buildAppOrRelease(deps, logger, db) : undefined;
  const renderChild = renderChildFor(config, options, db.url, deps.foreground, logger);
  await startJobs(deps, db.schema, options, logger, renderChild);
  // Index upkeep is background work: it runs where the job workers run.
  const ginFlush = startGinPendingFlush({
    pool: db.pool,
    intervalSec: options.workers === true ? config.ginFlushSec : 0,
    log: (obj, msg) => logger.warn(obj, msg),
  });
  const webhooks = await startWebhookDelivery(
    {
      pool: db.pool,
      boss,
      config,
      clock: deps.clock,
      dbUrl: db.url,
      log: (obj: object, msg: string) => logger.warn(obj, msg),
    },
    options.workers === true,
  );
  const stop = () => stopRuntime(config, { app, webhooks, boss, renderChild, ginFlush, deps, db });
  return { config, db, deps, boss, app, logger, renderChild, close: once(stop) };
}

function startJobQueue(
  config: Config,
  db: Database,
  connectionName: string,
  logger: Logger,
): Promise<PgBoss> {
  return startQueue(
    db.url,
    db.schema,
    (err) => logger.error({ err }, 'job queue error'),
    config.jobMaintenanceSec,
    `${connectionName}-jobs`,
    Math.ceil(config.dbPoolMax / 2),
  );
}

/** What every route and job is handed: the services over this database, its queue and its blobs. */
async function appDeps(
  config: Config,
  db: Database,
  boss: PgBoss,
  blobs: BlobStore,
  clock: Clock,
): Promise<AppDeps> {
  const signer = createUrlSigner(await loadSigningSecret(db.pool), config.publicUrl, clock);
  const verifier = createVerifier(new PgSource(db.pool), { geographies: new PgGeographies(db.pool) });
  const addressing = createAddressing(verifier);
  const completions = new PgCompletions(db.pool);
  const foreground = new ForegroundLoad();
  const dataKeys = await loadDataKeys(config.dataKeys, config.dataDir);
  const reports = new ReportSandbox(
    db.pool,
    await installReportSandbox(db.pool, db.schema, { sampleTimeoutMs: config.reportSampleTimeoutMs }),
    db.url,
  );
  return {
    config,
    pool: db.pool,
    clock,
    addressing,
    verifier,
    completions,
    boss,
    blobs,
    signer,
    foreground,
    knownContacts: new KnownContacts(),
    dataKeys,
    reports,
    renderer: renderThread(config),
  };
}

/**
 * The render thread and Chromium start on the first render; a process that renders nothing
 * (an API alone whose editor shows no preview, or one whose renders happen in its child)
 * never starts them.
 */
function renderThread(config: Config): RenderThread {
  return new RenderThread({
    executablePath: config.chromiumPath,
    poolSize: config.renderPoolSize,
    printBatch: config.renderPrintBatch,
    printsAtOnce: config.renderPrintsAtOnce,
    renderTimeoutMs: config.renderTimeoutMs,
    priority: { niceness: config.renderNice, idle: config.renderIdle },
    allowPrivateUrls: config.allowPrivateUrls,
  });
}

/** A route that fails to register must not leave pools open and the process hanging. */
function buildAppOrRelease(deps: AppDeps, logger: Logger, db: Database): Promise<FastifyInstance> {
  return buildApp(deps, logger).catch(async (err) => {
    await deps.boss.stop({ graceful: false, wait: true });
    await db.close();
    throw err;
  });
}

/** The process that makes this one's PDFs, where this one runs every job and Config.renders is `child`. */
function renderChildFor(
  config: Config,
  options: RuntimeOptions,
  databaseUrl: string,
  foreground: ForegroundLoad | undefined,
  logger: Logger,
): RenderChild | undefined {
  if (options.workers !== true || config.renders !== 'child') return undefined;
  return new RenderChild(
    { config: { ...config, databaseUrl }, schema: options.schema },
    logger,
    options.http ? foreground : undefined,
  );
}

/** Workers for this process's share of the jobs; a process without workers still makes the queues. */
async function startJobs(
  deps: AppDeps,
  schema: string,
  options: RuntimeOptions,
  logger: Logger,
  renderChild: RenderChild | undefined,
): Promise<void> {
  const { config, boss } = deps;
  if (!options.workers) {
    await createQueues(boss, config);
    return;
  }
  const renderGate = new RenderGate(options.http ? deps.foreground : options.parentLoad, {
    busyAtPerSecond: config.renderYieldAtPerSecond,
    busyConcurrency: config.renderBusyConcurrency,
  });
  const log = (obj: object, msg: string) => logger.info(obj, msg);
  const ctx: JobContext = { ...deps, log, renderGate };
  const share =
    options.workers === 'renders-only' ? 'pdfs' : config.renders === 'here' ? 'all' : 'all-but-pdfs';
  const workers = await startWorkers(boss, ctx, jobsFor(share));
  watchQueues(boss, schema, workers);
  renderChild?.start();
}

interface Stoppable {
  stop(): Promise<void>;
}

/** What a started runtime holds open until it closes. */
interface Running {
  app?: FastifyInstance;
  webhooks: Stoppable;
  boss: PgBoss;
  renderChild?: RenderChild;
  ginFlush: Stoppable;
  deps: AppDeps;
  db: Database;
}

/**
 * Requests and jobs in hand get the same grace, side by side, so a stop takes about that long
 * however busy it was. Then connections are cut, so a client that keeps one open cannot hold the
 * stop until the keep-alive timeout (72 s) (new requests on an open connection meanwhile get a
 * 503), and pg-boss hands unfinished jobs back to the queue: a render cut short runs again, its
 * files at fixed keys. The child's renders stop beside this process's jobs, before the database goes.
 */
async function stopRuntime(config: Config, running: Running): Promise<void> {
  const { app, webhooks, boss, renderChild, ginFlush, deps, db } = running;
  const grace = config.stopGraceMs;
  const cut = setTimeout(() => app?.server.closeAllConnections(), grace);
  await Promise.all([
    app?.close().finally(() => clearTimeout(cut)),
    webhooks.stop(),
    boss.stop({ graceful: true, wait: true, timeout: grace }),
    renderChild?.stop(),
  ]);
  await deps.renderer.close();
  await ginFlush.stop();
  await deps.reports.close();
  await db.close();
}

/** A close that a second call (a signal during a stop, a test's teardown) does not run again. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}

/** Renders here or in a child, where Linux refuses Chromium a network namespace of its own (no-network.ts). */
function warnIfRendersHaveNoNamespace(logger: Logger): void {
  const isolation = networkIsolation();
  if (isolation.how === 'flags')
    logger.warn(
      { why: isolation.why },
      'renders: Chromium cannot have a network namespace of its own here; its flags alone keep it off the network',
    );
}
