import path from 'node:path';

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
  /** Largest request body accepted, in bytes (multipart uploads included). */
  bodyLimitBytes: number;
  logLevel: string;
  /** One log line per request (POSTROOM_LOG_REQUESTS); off by default for throughput. */
  logRequests: boolean;
  /** Webhook retry delays in seconds; tests shorten them. */
  webhookRetryDelaysSec: readonly number[];
  /** How long a webhook receiver has to answer (POSTROOM_WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs: number;
  chromiumPath: string;
  /** A render job whose worker died is retried after this many seconds (pg-boss expiry). */
  renderJobExpireSec: number;
  /** How often pg-boss looks for expired jobs; tests shorten both to exercise crash recovery. */
  jobMaintenanceSec: number;
  renderPoolSize: number;
  /** Documents of one size that may share a Chromium print (POSTROOM_PRINT_BATCH, default 12; 1 = each alone). */
  renderPrintBatch: number;
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
}

export const RENDER_PLACES = ['child', 'here', 'elsewhere'] as const;
export type RenderPlace = (typeof RENDER_PLACES)[number];

type Env = Record<string, string | undefined>;

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
    bodyLimitBytes: int(env, 'POSTROOM_BODY_LIMIT', 20 * 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: bool(env, 'POSTROOM_LOG_REQUESTS', false),
    webhookRetryDelaysSec: list(env, 'POSTROOM_WEBHOOK_RETRY_DELAYS', [3600, 7200, 14400]),
    webhookTimeoutMs: int(env, 'POSTROOM_WEBHOOK_TIMEOUT_MS', 10_000),
    chromiumPath: env.POSTROOM_CHROMIUM_PATH || '/usr/bin/chromium',
    renderJobExpireSec: int(env, 'POSTROOM_RENDER_JOB_EXPIRE', 180),
    jobMaintenanceSec: int(env, 'POSTROOM_JOB_MAINTENANCE_INTERVAL', 120),
    renderPoolSize: int(env, 'POSTROOM_RENDER_POOL', 3),
    renderPrintBatch: int(env, 'POSTROOM_PRINT_BATCH', 12),
    renderYieldAtPerSecond: int(env, 'POSTROOM_RENDER_YIELD_AT', 10),
    renderBusyConcurrency: Math.max(1, int(env, 'POSTROOM_RENDER_BUSY_CONCURRENCY', 1)),
    ginFlushSec: int(env, 'POSTROOM_GIN_FLUSH_INTERVAL', 1),
    renderNice: Math.min(19, int(env, 'POSTROOM_RENDER_NICE', 19)),
    renderIdle: bool(env, 'POSTROOM_RENDER_IDLE', true),
    renders: oneOf(env, 'POSTROOM_RENDERS', RENDER_PLACES, 'child'),
    dataKeys: env.POSTROOM_DATA_KEYS || undefined,
    ...overrides,
  };
  return Object.freeze(config);
}
