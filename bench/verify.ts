/**
 * Verification accuracy, speed and scale:
 *   node --expose-gc --import tsx bench/verify.ts [--scale 1000000] [--skip-http] [--reuse]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). The
 * three reference files go into `postroom_bench_verify`; a copy of it plus N synthetic points
 * into `postroom_bench_verify_scaled`. `--reuse` keeps a database that already holds what this
 * run would import (recorded in its comment), so a 10M-point run need not re-import for ~20 min.
 * Reads ../shared/data (never copied).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Pool } from '../src/db/pool.js';
import { geocode } from '../src/engines/address/geocode/geocode.js';
import { verifyAddress } from '../src/engines/address/verify/index.js';
import { streetKey, unitKey } from '../src/engines/address/verify/reference-point.js';
import { SectionStreets } from '../src/engines/address/verify/section-streets.js';
import { referenceStreet } from '../src/engines/address/verify/street-form.js';
import type { ZipBlock } from '../src/engines/address/verify/zip-block.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { machine } from './support/bench-utils.js';
import {
  type DevCase,
  devCases,
  negativeCases,
  REF,
  SF_MAP,
  SYNTHETIC_VERSION,
  writeSyntheticPoints,
} from './verify-data.js';
import { httpBench } from './verify-http.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const scale = Number(arg('scale', '1000000'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = process.argv.includes('--reuse');
const BASE_DB = 'postroom_bench_verify';
const SCALED_DB = 'postroom_bench_verify_scaled';
const dbUrl = (name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);
const url = dbUrl(BASE_DB);
/** What each database holds, as its comment: bump a version when the inputs change. */
const BASE_CONTENT = 'reference files v1';
const scaledContent = (n: number) => `${BASE_CONTENT} + synthetic ${n} v${SYNTHETIC_VERSION}`;
const CORRECTION = new Set([
  'street_typo',
  'drop_postcode',
  'wrong_postcode_last_digit',
  'drop_city',
  'expand_suffix',
  'expand_directional',
]);

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The comment recorded on a database once its import finished (undefined: absent or unfinished). */
const contentOf = (name: string) =>
  admin(async (c) => {
    const r = await c.query(
      'SELECT shobj_description(oid, $$pg_database$$) AS d FROM pg_database WHERE datname = $1',
      [name],
    );
    return (r.rows[0]?.d as string | null) ?? undefined;
  });

const markContent = (name: string, content: string) =>
  admin((c) => c.query(`COMMENT ON DATABASE ${name} IS '${content}'`));

/** A fresh database, empty or copied from `template` (which must have no connections). */
async function freshDatabase(name: string, template?: string): Promise<void> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
}

/** The database of the three reference files: imported, or reused with --reuse when complete. */
async function baseDatabase(): Promise<Pool> {
  if (reuse && (await contentOf(BASE_DB)) === BASE_CONTENT) {
    console.log(`reusing ${BASE_DB} (${BASE_CONTENT})`);
    return createPool(url, { max: 8 });
  }
  await freshDatabase(BASE_DB);
  const pool = createPool(url, { max: 8 });
  await migrate(pool);
  for (const [file, map] of [
    ['us-ky-louisville-points.csv'],
    ['us-ny-nyc-points.csv'],
    ['us-ca-sf-points-with-units.csv', SF_MAP],
  ]) {
    const r = await importPoints(pool, path.join(REF, file!), { map });
    console.log(
      `import ${file}: ${r.rows} rows, ${r.inserted} points, ${r.seconds.toFixed(1)} s (${Math.round(r.rows / r.seconds)} rows/s)`,
    );
  }
  await markContent(BASE_DB, BASE_CONTENT);
  return pool;
}

/**
 * The reference files plus `n` synthetic points: a copy of the base database (so both hold
 * the same real points) with the synthetic set imported on top; reused with --reuse.
 * Ends `basePool` to copy the base and returns a new pool on it.
 */
async function scaledDatabase(basePool: Pool, n: number): Promise<{ base: Pool; scaled: Pool }> {
  const content = scaledContent(n);
  if (reuse && (await contentOf(SCALED_DB)) === content) {
    console.log(`reusing ${SCALED_DB} (${content})`);
    return { base: basePool, scaled: createPool(dbUrl(SCALED_DB), { max: 8 }) };
  }
  await basePool.end();
  await freshDatabase(SCALED_DB, BASE_DB);
  const scaled = createPool(dbUrl(SCALED_DB), { max: 8 });
  const file = path.join(os.tmpdir(), `postroom-synthetic-${n}.csv`);
  await writeSyntheticPoints(file, n);
  const r = await importPoints(scaled, file, { source: 'synthetic' });
  console.log(
    `import synthetic: ${r.rows} rows, ${r.inserted} points, ${r.seconds.toFixed(1)} s (${Math.round(r.rows / r.seconds)} rows/s)`,
  );
  await markContent(SCALED_DB, content);
  return { base: createPool(url, { max: 8 }), scaled };
}

function metres(a: { lat: number; lng: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  return Math.hypot(x, (b.lat - a.lat) * rad) * 6_371_000;
}

async function accuracy(source: PgSource, cases: DevCase[], negatives: string[]) {
  let resolved = 0;
  let rightStatus = 0;
  const errors: number[] = [];
  for (const c of cases) {
    const v = await verifyAddress(source, c.input);
    const e = c.expected;
    const ok =
      v.depth === 'point' &&
      v.number === e.number &&
      !!v.street &&
      streetKey(v.street) === streetKey(referenceStreet(e.street)) &&
      unitKey(v.unit?.id) === unitKey(e.unit) &&
      v.zip === e.postcode;
    if (ok) resolved++;
    const want = c.perturbations.some((p) => CORRECTION.has(p)) ? 'corrected' : 'verified';
    if (v.status === want) rightStatus++;
    const g = geocode(v);
    if (g) errors.push(metres(g.location, e));
  }
  let falseAccepts = 0;
  for (const input of negatives) if ((await verifyAddress(source, input)).status !== 'failed') falseAccepts++;
  errors.sort((a, b) => a - b);
  return {
    resolved: resolved / cases.length,
    rightStatus: rightStatus / cases.length,
    falseAccepts: falseAccepts / negatives.length,
    medianGeocodeMetres: errors[Math.floor(errors.length / 2)],
  };
}

/** A warm source over one database: a cold pass (ZIP blocks read from PostgreSQL) fills it. */
async function warmSource(pool: Pool, inputs: string[]) {
  const source = new PgSource(pool, { maxPoints: 50_000_000 });
  const t = performance.now();
  for (const input of inputs) await verifyAddress(source, input);
  return { source, coldWallUs: Math.round(((performance.now() - t) * 1000) / inputs.length) };
}

interface Tally {
  cpuUs: number;
  wallMs: number;
  n: number;
}

/** Verifies `inputs` round-robin on this thread for `ms`, adding CPU, wall time and count to `tally`. */
async function slice(source: PgSource, inputs: string[], ms: number, tally: Tally): Promise<void> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  while (performance.now() - t < ms)
    for (let k = 0; k < 50; k++) await verifyAddress(source, inputs[(tally.n + n++) % inputs.length]);
  const used = process.cpuUsage(cpu);
  tally.cpuUs += used.user + used.system;
  tally.wallMs += performance.now() - t;
  tally.n += n;
}

const report = (tally: Tally, coldWallUs: number) => {
  const cpuUs = tally.cpuUs / tally.n;
  return {
    perCoreSecond: Math.round(1e6 / cpuUs),
    cpuUs: Number(cpuUs.toFixed(1)),
    warmWallUs: Math.round((tally.wallMs * 1000) / tally.n),
    coldWallUs,
  };
};

/**
 * In-process verifications on this one thread, warm, in 1-s slices alternating between the
 * databases (`rounds` each): on a shared, noisy machine a burst of load then hits both
 * sides alike, so their ratio is fairer than two runs minutes apart. CPU time per
 * verification is reported beside wall time, which measures the neighbours as much as us.
 */
async function speed(pools: Pool[], inputs: string[], rounds: number) {
  const warm: Array<Awaited<ReturnType<typeof warmSource>>> = [];
  for (const pool of pools) warm.push(await warmSource(pool, inputs));
  const tallies = pools.map(() => ({ cpuUs: 0, wallMs: 0, n: 0 }));
  for (let round = 0; round < rounds; round++)
    for (const [i, { source }] of warm.entries()) await slice(source, inputs, 1000, tallies[i]);
  return tallies.map((tally, i) => report(tally, warm[i].coldWallUs));
}

async function pointCount(pool: Pool): Promise<{ points: number; bytesPerPoint: number }> {
  const r = await pool.query(
    `SELECT count(*)::bigint AS n, (pg_total_relation_size('address_points') + pg_total_relation_size('address_point_areas'))::bigint AS bytes FROM address_points`,
  );
  return { points: r.rows[0].n, bytesPerPoint: Math.round(r.rows[0].bytes / r.rows[0].n) };
}

/**
 * Heap per cached point: every covered Louisville block (ZIPs 402xx) loaded into a fresh
 * cache; then the same blocks put into a fresh sectional street index (the merged index
 * areas of 8+ ZIPs search), measured the same way.
 */
async function heapPerPoint(pool: Pool): Promise<{ block: number; sectionIndex: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const source = new PgSource(pool, { maxPoints: 50_000_000 });
  const zips = [...(await source.coverage()).zips.keys()].filter((z) => z.startsWith('402'));
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let points = 0;
  const keep: ZipBlock[] = [];
  for (const zip of zips) {
    const block = await source.block(zip);
    if (block) keep.push(block);
    points += block?.size ?? 0;
  }
  gc?.();
  const loaded = process.memoryUsage().heapUsed;
  const section = new SectionStreets();
  for (const block of keep) section.put(block);
  gc?.();
  const indexed = process.memoryUsage().heapUsed;
  // Touch both after measuring, or V8 may collect them before the last gc().
  if (keep.length !== zips.length || section.points !== points) throw new Error('cache lost');
  return {
    block: Math.round((loaded - before) / points),
    sectionIndex: Math.round((indexed - loaded) / points),
  };
}

console.log(
  `# verification bench, ${new Date().toISOString()}, ${machine()}, load ${os.loadavg()[0].toFixed(1)}`,
);
let pool = await baseDatabase();
const cases = devCases();
const inputs = cases.map((c) => c.input);
const negatives = negativeCases(1000);
const base = await pointCount(pool);
console.log('accuracy', await accuracy(new PgSource(pool, { maxPoints: 50_000_000 }), cases, negatives));
const [small] = await speed([pool], inputs, 3);
console.log(
  `speed at ${base.points} points`,
  small,
  `postgres bytes/point ${base.bytesPerPoint}, heap bytes/cached point`,
  await heapPerPoint(pool),
);
if (!process.argv.includes('--skip-http')) console.log('http', await httpBench(url, inputs));
if (scale > 0) {
  const both = await scaledDatabase(pool, scale);
  pool = both.base;
  const big = await pointCount(both.scaled);
  console.log(
    'accuracy at scale',
    await accuracy(new PgSource(both.scaled, { maxPoints: 50_000_000 }), cases, negatives),
  );
  const rounds = Number(arg('rounds', '5'));
  const [again, large] = await speed([pool, both.scaled], inputs, rounds);
  console.log(`load ${os.loadavg()[0].toFixed(1)}; interleaved, ${rounds} s each:`);
  console.log(`speed at ${base.points} points`, again);
  console.log(`speed at ${big.points} points`, large, `postgres bytes/point ${big.bytesPerPoint}`);
  console.log(`heap bytes/cached point at ${big.points} points`, await heapPerPoint(both.scaled));
  console.log(
    `scale ratio cpu ${(large.cpuUs / again.cpuUs).toFixed(2)}x, warm wall ${(large.warmWallUs / again.warmWallUs).toFixed(2)}x, cold wall ${(large.coldWallUs / again.coldWallUs).toFixed(2)}x`,
  );
  await both.scaled.end();
}
await pool.end();
