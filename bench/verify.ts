/**
 * Verification accuracy, speed and scale:
 *   node --expose-gc --import tsx bench/verify.ts [--scale 1000000] [--skip-http]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); works
 * in a fresh database `postroom_bench_verify`. Reads ../shared/data (never copied).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Pool } from '../src/db/pool.js';
import { geocode } from '../src/engines/address/geocode/geocode.js';
import { verifyAddress } from '../src/engines/address/verify/index.js';
import { streetKey, unitKey } from '../src/engines/address/verify/reference-point.js';
import { referenceStreet } from '../src/engines/address/verify/street-form.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { machine } from './support/bench-utils.js';
import { type DevCase, devCases, negativeCases, REF, SF_MAP, writeSyntheticPoints } from './verify-data.js';
import { httpBench } from './verify-http.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const scale = Number(arg('scale', '1000000'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = adminUrl.replace(/\/[^/]*$/, '/postroom_bench_verify');
const CORRECTION = new Set([
  'street_typo',
  'drop_postcode',
  'wrong_postcode_last_digit',
  'drop_city',
  'expand_suffix',
  'expand_directional',
]);

async function freshDatabase(): Promise<Pool> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS postroom_bench_verify WITH (FORCE)');
  await admin.query('CREATE DATABASE postroom_bench_verify');
  await admin.end();
  const pool = createPool(url, { max: 8 });
  await migrate(pool);
  return pool;
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

/**
 * In-process verifications on this one thread: a cold pass (ZIP blocks read from
 * PostgreSQL), then 3 s warm. CPU time per verification is reported beside wall time:
 * on a shared, overloaded machine wall time measures the neighbours as much as us.
 */
async function speed(pool: Pool, inputs: string[]) {
  const source = new PgSource(pool, { maxPoints: 50_000_000 });
  let t = performance.now();
  for (const input of inputs) await verifyAddress(source, input);
  const coldUs = ((performance.now() - t) * 1000) / inputs.length;
  t = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  while (performance.now() - t < 3000) await verifyAddress(source, inputs[n++ % inputs.length]);
  const used = process.cpuUsage(cpu);
  const wallUs = ((performance.now() - t) * 1000) / n;
  const cpuUs = (used.user + used.system) / n;
  return {
    perCoreSecond: Math.round(1e6 / cpuUs),
    cpuUs: Math.round(cpuUs),
    warmWallUs: Math.round(wallUs),
    coldWallUs: Math.round(coldUs),
  };
}

async function pointCount(pool: Pool): Promise<{ points: number; bytesPerPoint: number }> {
  const r = await pool.query(
    `SELECT count(*)::bigint AS n, (pg_total_relation_size('address_points') + pg_total_relation_size('address_point_areas'))::bigint AS bytes FROM address_points`,
  );
  return { points: r.rows[0].n, bytesPerPoint: Math.round(r.rows[0].bytes / r.rows[0].n) };
}

/** Heap per cached point: load every covered Louisville block into a fresh cache. */
async function heapPerPoint(pool: Pool): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const source = new PgSource(pool, { maxPoints: 50_000_000 });
  const zips = [...(await source.coverage()).zips.keys()].filter((z) => z.startsWith('402'));
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let points = 0;
  const keep = [];
  for (const zip of zips) {
    const block = await source.block(zip);
    keep.push(block);
    for (const s of block?.streets.values() ?? [])
      for (const list of s.byNumber.values()) points += list.length;
  }
  gc?.();
  const grown = process.memoryUsage().heapUsed - before;
  // Touch the cache after measuring, or V8 may collect it before the second gc().
  if (keep.length !== zips.length || !(await source.block(zips[0]))) throw new Error('cache lost');
  return Math.round(grown / points);
}

console.log(
  `# verification bench, ${new Date().toISOString()}, ${machine()}, load ${os.loadavg()[0].toFixed(1)}`,
);
const pool = await freshDatabase();
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
const cases = devCases();
const inputs = cases.map((c) => c.input);
const negatives = negativeCases(1000);
const base = await pointCount(pool);
console.log('accuracy', await accuracy(new PgSource(pool, { maxPoints: 50_000_000 }), cases, negatives));
const small = await speed(pool, inputs);
console.log(
  `speed at ${base.points} points`,
  small,
  `postgres bytes/point ${base.bytesPerPoint}, heap bytes/cached point ${await heapPerPoint(pool)}`,
);
if (!process.argv.includes('--skip-http')) console.log('http', await httpBench(url, inputs));
if (scale > 0) {
  const file = path.join(os.tmpdir(), `postroom-synthetic-${scale}.csv`);
  await writeSyntheticPoints(file, scale);
  const r = await importPoints(pool, file, { source: 'synthetic' });
  console.log(
    `import synthetic: ${r.rows} rows, ${r.inserted} points, ${r.seconds.toFixed(1)} s (${Math.round(r.rows / r.seconds)} rows/s)`,
  );
  const big = await pointCount(pool);
  const large = await speed(pool, inputs);
  console.log(`speed at ${big.points} points`, large, `postgres bytes/point ${big.bytesPerPoint}`);
  console.log(
    `scale ratio cpu ${(large.cpuUs / small.cpuUs).toFixed(2)}x, warm wall ${(large.warmWallUs / small.warmWallUs).toFixed(2)}x, cold wall ${(large.coldWallUs / small.coldWallUs).toFixed(2)}x`,
  );
  console.log(
    'accuracy at scale',
    await accuracy(new PgSource(pool, { maxPoints: 50_000_000 }), cases, negatives),
  );
}
await pool.end();
