import path from 'node:path';
import { type BlobLocation, parseBlobLocation } from './blob-location.js';
import { type ImbConfig, parseImbConfig } from './imb.js';
import { type MailroomAddress, parseMailroomAddress, parseOperatorToken } from './mailroom.js';

/**
 * The one place that reads the environment. Everything else receives a frozen Config,
 * so tests can build one without touching process.env.
 */
export interface Config {
  port: number;
  host: string;
  /** Unset means "start the embedded PostgreSQL under dataDir". */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  allowPrivateUrls: boolean;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy), e.g. for tracker visits. */
  trustProxy: boolean;
  /** Requests per second allowed per API key (token bucket); 0 turns limiting off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /**
   * Largest request body accepted, in bytes (each multipart file part too). The default fits
   * the largest file a field takes (a 20 MB PDF) sent inline as base64, which is 4/3 its size.
   */
  bodyLimitBytes: number;
  /**
   * A request's headers must arrive within headersTimeoutMs of its start and the whole request,
   * body included, within requestTimeoutMs; else 408 and the connection closes. A body sent a
   * byte at a time would otherwise hold its connection and its handler forever.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  logLevel: string;
  /** One log line per request (POSTROOM_LOG_REQUESTS); off by default for throughput. */
  logRequests: boolean;
  /** Webhook retry delays in seconds; tests shorten them. */
  webhookRetryDelaysSec: readonly number[];
  /** How long a webhook receiver has to answer (POSTROOM_WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs: number;
  chromiumPath: string;
  /**
   * How long one run of a long job (a mailing list import, a bulk verification list, a targeted
   * list build) works before it hands over to the next run (POSTROOM_JOB_SLICE_MS, default 2 s):
   * a stopping server waits for running jobs, so this bounds how long it waits for them.
   */
  jobSliceMs: number;
  /** A render job whose worker died is retried after this many seconds (pg-boss expiry). */
  renderJobExpireSec: number;
  /**
   * On SIGINT or SIGTERM, how long requests and jobs in hand get to finish
   * (POSTROOM_STOP_GRACE_MS, default 1 s); then connections are cut and unfinished jobs are
   * handed back to the queue to run again.
   */
  stopGraceMs: number;
  /** How often pg-boss looks for expired jobs; tests shorten both to exercise crash recovery. */
  jobMaintenanceSec: number;
  renderPoolSize: number;
  /**
   * Time one print may hold a Chromium tab (POSTROOM_RENDER_TIMEOUT_MS, default 30 s); an order
   * timing out twice is cancelled as invalid content (api/print-mail/orders/render-order.job.ts).
   */
  renderTimeoutMs: number;
  /** Letters or mail pieces of one size that may share a Chromium print (POSTROOM_PRINT_BATCH, default 12; 1 = each alone). */
  renderPrintBatch: number;
  /** Shared Chromium prints running at once (POSTROOM_PRINTS_AT_ONCE; default 0 = half the CPUs, at least 2). */
  renderPrintsAtOnce: number;
  /** Data rows a mailing list import takes (POSTROOM_IMPORT_MAX_ROWS, default 1,000,000): more is an invalid_contact_count_error. */
  importMaxRows: number;
  /** API requests per second at which renders in the same process make way (POSTROOM_RENDER_YIELD_AT, default 10; 0 = never). */
  renderYieldAtPerSecond: number;
  /** Renders at once while they make way (POSTROOM_RENDER_BUSY_CONCURRENCY, default 1). */
  renderBusyConcurrency: number;
  /** Seconds between background merges of GIN pending lists (POSTROOM_GIN_FLUSH_INTERVAL, default 1; 0 = off). */
  ginFlushSec: number;
  /** Nice value of the render thread and Chromium (POSTROOM_RENDER_NICE, 0–19, default 19): renders yield the CPU to the API. */
  renderNice: number;
  /** Chromium also runs under Linux SCHED_IDLE (POSTROOM_RENDER_IDLE, default true): a waking API thread preempts it at once. */
  renderIdle: boolean;
  /**
   * Where a process with job workers makes PDFs (POSTROOM_RENDERS): `child` (default), a
   * low-priority child process it starts and restarts (render-child.ts); `here`, its own render
   * thread; `elsewhere`, nowhere: `postroom worker` processes on other machines do.
   */
  renders: RenderPlace;
  /**
   * Keys that seal stored secrets such as bank account numbers (POSTROOM_DATA_KEYS,
   * `id:base64key,...`, the first seals); unset: a key file in the data dir (platform/data-keys.ts).
   */
  dataKeys: string | undefined;
  /**
   * Who may show the template editor page in a frame: CSP frame-ancestors sources
   * (POSTROOM_EDITOR_FRAME_ANCESTORS, space-separated, default `*`: any site, as the hosted editor).
   */
  editorFrameAncestors: string;
  /** How long an ad hoc or saved report sample may run (POSTROOM_REPORT_SAMPLE_TIMEOUT_MS, default 30 s). */
  reportSampleTimeoutMs: number;
  /** How long a report export may run, every fetch included (POSTROOM_REPORT_EXPORT_TIMEOUT_MS, default 13 minutes). */
  reportExportTimeoutMs: number;
  /** Largest export CSV; a longer result is cut there and says so (POSTROOM_REPORT_EXPORT_MAX_BYTES, default 100 MB). */
  reportExportMaxBytes: number;
  /** Where virtual mailboxes receive mail (POSTROOM_MAILROOM_ADDRESS, `line1[, line2], city, ST ZIP`); unset: no mailbox address. */
  mailroomAddress: MailroomAddress | undefined;
  /** Bearer token of the mail room's operator API (POSTROOM_OPERATOR_TOKEN, 32+ characters); unset: that API is off. */
  operatorToken: string | undefined;
  /** Price of one contact of a targeted list build, in cents of list build credit (POSTROOM_LIST_BUILD_CREDIT_CENTS, default 0: free); charged in live mode. */
  listBuildCreditCents: number;
  /**
   * Where blobs live (POSTROOM_BLOB_URL): unset, the folder `${dataDir}/blobs`; `file:///dir`
   * another folder; `s3://bucket/prefix[?forcePathStyle=true]` an S3 bucket reached with the
   * standard AWS variables (config/blob-location.ts).
   */
  blobStore: BlobLocation | undefined;
  /**
   * How long events are kept (POSTROOM_RETENTION_EVENTS_DAYS, default 90; 0 = forever); the
   * retention sweep (jobs/sweep-retention.ts) deletes older ones.
   */
  retentionEventsDays: number;
  /** How long webhook invocations are kept (POSTROOM_RETENTION_INVOCATIONS_DAYS, default 30; 0 = forever). */
  retentionInvocationsDays: number;
  /**
   * How long Idempotency-Key records are kept (POSTROOM_RETENTION_IDEMPOTENCY_HOURS, default
   * and minimum 24: a key is honoured for 24 hours, so its record must outlive that).
   */
  retentionIdempotencyHours: number;
  /**
   * Connections of a process's main pool (POSTROOM_DB_POOL, default 20); its job queue gets half
   * as many and its webhook delivery at most 6 (docs/operations.md, "Connections").
   */
  dbPoolMax: number;
  /** Intelligent Mail barcodes and IV-MTR scans (config/imb.ts: POSTROOM_IMB_*, POSTROOM_IVMTR_PUSH_*). */
  imb: ImbConfig;
}

export const RENDER_PLACES = ['child', 'here', 'elsewhere'] as const;
export type RenderPlace = (typeof RENDER_PLACES)[number];

type Env = Record<string, string | undefined>;

/**
 * POSTROOM_BODY_LIMIT's default, 32 MiB: the largest file any field takes is a 20 MiB PDF (or
 * scan), which in base64 inside a JSON body is 26.7 MiB (27.4 MiB wrapped in 76-character
 * lines), and the rest of the body (contacts, merge variables, metadata) keeps over 4 MiB.
 * Two such files in one body do not fit: send them by URL or as multipart parts, which are
 * limited per part (test/platform/body-limit.test.ts).
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return Math.floor(n);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!values.includes(raw as T))
    throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

function list(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (!raw) return fallback;
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((n) => !Number.isFinite(n) || n < 0)) throw new Error(`${name} must be a list of seconds`);
  return values;
}

/** A CSP source list (`'self' https://app.example.com`): one directive's value, nothing more. */
function sourceList(env: Env, name: string, fallback: string): string {
  const raw = (env[name] ?? '').trim().replace(/\s+/g, ' ');
  if (!raw) return fallback;
  if (/[;,]/.test(raw)) throw new Error(`${name} must be CSP sources separated by spaces, got "${raw}"`);
  return raw;
}

/** 60 s for headers and 120 s for a whole request (a 20 MB upload at about 1.5 Mbit/s); headers never outlast the request. */
function requestTimeouts(env: Env): { headersTimeoutMs: number; requestTimeoutMs: number } {
  const requestTimeoutMs = Math.max(100, int(env, 'POSTROOM_REQUEST_TIMEOUT_MS', 120_000));
  const headersTimeoutMs = Math.min(
    requestTimeoutMs,
    Math.max(100, int(env, 'POSTROOM_HEADERS_TIMEOUT_MS', 60_000)),
  );
  return { headersTimeoutMs, requestTimeoutMs };
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  const config: Config = {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.POSTROOM_DATA_DIR || './.postroom'),
    publicUrl: (
      env.POSTROOM_PUBLIC_URL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
    ).replace(/\/+$/, ''),
    allowPrivateUrls: bool(env, 'POSTROOM_ALLOW_PRIVATE_URLS', false),
    trustProxy: bool(env, 'POSTROOM_TRUST_PROXY', false),
    rateLimitPerSecond: int(env, 'POSTROOM_RATE_LIMIT', 100),
    rateLimitBurst: int(env, 'POSTROOM_RATE_LIMIT_BURST', 200),
    bodyLimitBytes: int(env, 'POSTROOM_BODY_LIMIT', DEFAULT_BODY_LIMIT),
    ...requestTimeouts(env),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: bool(env, 'POSTROOM_LOG_REQUESTS', false),
    webhookRetryDelaysSec: list(env, 'POSTROOM_WEBHOOK_RETRY_DELAYS', [3600, 7200, 14400]),
    webhookTimeoutMs: int(env, 'POSTROOM_WEBHOOK_TIMEOUT_MS', 10_000),
    chromiumPath: env.POSTROOM_CHROMIUM_PATH || '/usr/bin/chromium',
    jobSliceMs: Math.max(50, int(env, 'POSTROOM_JOB_SLICE_MS', 2_000)),
    renderJobExpireSec: int(env, 'POSTROOM_RENDER_JOB_EXPIRE', 180),
    stopGraceMs: int(env, 'POSTROOM_STOP_GRACE_MS', 1000),
    jobMaintenanceSec: int(env, 'POSTROOM_JOB_MAINTENANCE_INTERVAL', 120),
    renderPoolSize: int(env, 'POSTROOM_RENDER_POOL', 3),
    renderTimeoutMs: Math.max(100, int(env, 'POSTROOM_RENDER_TIMEOUT_MS', 30_000)),
    renderPrintBatch: int(env, 'POSTROOM_PRINT_BATCH', 12),
    renderPrintsAtOnce: int(env, 'POSTROOM_PRINTS_AT_ONCE', 0),
    importMaxRows: Math.max(1, int(env, 'POSTROOM_IMPORT_MAX_ROWS', 1_000_000)),
    renderYieldAtPerSecond: int(env, 'POSTROOM_RENDER_YIELD_AT', 10),
    renderBusyConcurrency: Math.max(1, int(env, 'POSTROOM_RENDER_BUSY_CONCURRENCY', 1)),
    ginFlushSec: int(env, 'POSTROOM_GIN_FLUSH_INTERVAL', 1),
    renderNice: Math.min(19, int(env, 'POSTROOM_RENDER_NICE', 19)),
    renderIdle: bool(env, 'POSTROOM_RENDER_IDLE', true),
    renders: oneOf(env, 'POSTROOM_RENDERS', RENDER_PLACES, 'child'),
    dataKeys: env.POSTROOM_DATA_KEYS || undefined,
    editorFrameAncestors: sourceList(env, 'POSTROOM_EDITOR_FRAME_ANCESTORS', '*'),
    reportSampleTimeoutMs: Math.max(100, int(env, 'POSTROOM_REPORT_SAMPLE_TIMEOUT_MS', 30_000)),
    reportExportTimeoutMs: Math.max(100, int(env, 'POSTROOM_REPORT_EXPORT_TIMEOUT_MS', 13 * 60_000)),
    reportExportMaxBytes: Math.max(1024, int(env, 'POSTROOM_REPORT_EXPORT_MAX_BYTES', 100 * 1024 * 1024)),
    mailroomAddress: parseMailroomAddress(env.POSTROOM_MAILROOM_ADDRESS),
    operatorToken: parseOperatorToken(env.POSTROOM_OPERATOR_TOKEN),
    listBuildCreditCents: int(env, 'POSTROOM_LIST_BUILD_CREDIT_CENTS', 0),
    blobStore: parseBlobLocation(env.POSTROOM_BLOB_URL, {
      endpoint: env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL,
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION,
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      sessionToken: env.AWS_SESSION_TOKEN,
    }),
    retentionEventsDays: int(env, 'POSTROOM_RETENTION_EVENTS_DAYS', 90),
    retentionInvocationsDays: int(env, 'POSTROOM_RETENTION_INVOCATIONS_DAYS', 30),
    retentionIdempotencyHours: Math.max(24, int(env, 'POSTROOM_RETENTION_IDEMPOTENCY_HOURS', 24)),
    dbPoolMax: Math.max(2, int(env, 'POSTROOM_DB_POOL', 20)),
    imb: parseImbConfig(env),
    ...overrides,
  };
  return Object.freeze(config);
}
