/**
 * Street ranges (TIGER/Line ADDRFEAT): import rate and memory over a synthetic county of
 * `--segments` segments, then CPU per verification answered from ranges beside one answered from
 * points in the same run, and point matches beside another commit's engine (docs/benchmarks.md,
 * "Street ranges").
 *
 *   git worktree add --detach /tmp/ab-ranges COMMIT && ln -s "$PWD/node_modules" /tmp/ab-ranges/
 *   node --expose-gc --import tsx bench/street-ranges.ts [--segments 1000000] [--old /tmp/ab-ranges]
 *     [--zips 40] [--rounds 5] [--reuse]
 *
 * The segments (bench/support/write-addrfeat.ts) spread over Kentucky's ZIPs, ten 100-number
 * blocks per street; `--zips` of those ZIPs also get 100 streets of points (20 numbers each),
 * so both kinds of answer come from the same ZIP blocks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from '../src/db/pool.js';
import { reference } from '../src/engines/address/index.js';
import * as current from '../src/engines/address/verify/index.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { importRanges } from '../src/reference-store/ranges/import-ranges.js';
import { BackendCpu } from './support/backend-cpu.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';
import { layout, streetName, writeAddrfeat } from './support/write-addrfeat.js';

const SEGMENTS = Number(arg('segments', '1000000'));
const ZIPS = Number(arg('zips', '40'));
const ROUNDS = Number(arg('rounds', '5'));
const OLD = arg('old', '');
const mb = (n: number) => Math.round(n / 2 ** 20);

/** Imports the synthetic county, sampling the process's memory every 500 ms. */
async function loadRanges(pool: Pool): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-ranges-'));
  try {
    let t = performance.now();
    await writeAddrfeat(path.join(dir, 'tl_2024_21999_addrfeat'), SEGMENTS);
    console.log(`wrote ${SEGMENTS} segments in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const samples: Array<{ s: number; rss: number; heap: number }> = [];
    t = performance.now();
    // --live: a full GC before each sample, so the heap is what is held, not garbage not yet collected.
    const live = process.argv.includes('--live');
    const timer = setInterval(() => {
      if (live) global.gc?.();
      const m = process.memoryUsage();
      samples.push({ s: (performance.now() - t) / 1000, rss: m.rss, heap: m.heapUsed });
    }, 500);
    const backends = new BackendCpu(pool);
    await backends.start();
    const cpu = process.cpuUsage();
    let read = 0;
    // The sink hears of every record; done() comes when the file is read and staged, before the merge.
    const progress = { update() {}, done: () => (read = performance.now()) };
    const r = await importRanges(pool, [dir], { progress });
    clearInterval(timer);
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    const pg = ((await backends.stop()).find(([who]) => who === 'bench-ranges')?.[1] ?? 0) / 1000;
    console.log(
      `read and staged in ${((read - t) / 1000).toFixed(1)} s, merged in ${((performance.now() - read) / 1000).toFixed(1)} s; ` +
        `importer CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, PostgreSQL CPU ${pg.toFixed(1)} s`,
    );
    console.log(
      `import: ${r.segments} segments, ${r.ranges} side ranges in ${seconds.toFixed(1)} s: ` +
        `${Math.round(r.segments / seconds)} segments/s; ${r.zips} ZIPs`,
    );
    // Memory by tenth of the run: flat means no tenth grows with the segments read.
    const tenths = Array.from({ length: 10 }, (_, i) =>
      samples.filter((x) => x.s >= (seconds * i) / 10 && x.s < (seconds * (i + 1)) / 10),
    );
    console.log(`rss MB by tenth: ${tenths.map((x) => mb(Math.max(0, ...x.map((y) => y.rss)))).join(' ')}`);
    console.log(`heap MB by tenth: ${tenths.map((x) => mb(Math.max(0, ...x.map((y) => y.heap)))).join(' ')}`);
    const size = await pool.query("SELECT pg_total_relation_size('street_ranges') AS b");
    console.log(`street_ranges: ${Math.round(Number(size.rows[0].b) / r.ranges)} bytes per side range`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 100 streets of 20 points in each of the first `ZIPS` ZIPs ("PT 7 LN"): the point side. */
async function loadPoints(pool: Pool, zips: string[]): Promise<void> {
  const rows = ['NUMBER,STREET,CITY,REGION,POSTCODE,LAT,LON'];
  for (const zip of zips) {
    const z = reference.zip(zip)!;
    for (let s = 0; s < 100; s++)
      for (let n = 0; n < 20; n++)
        rows.push(`${100 + n * 2},PT ${s} LN,${z.city},KY,${zip},${z.lat},${z.lon}`);
  }
  const file = path.join(os.tmpdir(), `postroom-ranges-points-${process.pid}.csv`);
  writeFileSync(file, `${rows.join('\n')}\n`);
  await importPoints(pool, file);
  rmSync(file);
}

const shape = layout(SEGMENTS);
const zips = shape.zips.slice(0, ZIPS);
const pool = await benchDatabase(
  'postroom_bench_ranges',
  `ranges ${SEGMENTS} points ${ZIPS} (word names)`,
  { max: 4, applicationName: 'bench-ranges' },
  async (p) => {
    await p.query(
      'TRUNCATE street_ranges, street_range_names, street_range_areas, street_range_street_names, street_range_staging',
    );
    await p.query('TRUNCATE address_points, address_point_areas');
    await loadRanges(p);
    await loadPoints(p, zips);
  },
);

/** One input per ZIP and street: a point's number, or a number inside a range (odd side). */
const inputs = { point: [] as string[], range: [] as string[] };
for (const [z, zip] of zips.entries()) {
  const city = reference.zip(zip)!.city;
  for (let s = 0; s < Math.min(100, shape.streetsPerZip); s++) {
    inputs.point.push(`${100 + (s % 20) * 2} PT ${s} LN, ${city} KY ${zip}`);
    const block = s % shape.blocksPerStreet;
    inputs.range.push(`${(block + 1) * 100 + 37} ${streetName(s + (z % 50) * 1000)}, ${city} KY ${zip}`);
  }
}

// The whole answer as the API builds it (details included), not the match alone: the details
// are built from a table now, and that is part of what a point answer costs.
const OPTIONS = { includeDetails: true };
const engines: Record<string, current.AddressVerifier> = { new: current.createVerifier(new PgSource(pool)) };
if (OLD) {
  const verify = await import(path.resolve(OLD, 'src/engines/address/verify/index.js'));
  const store = await import(path.resolve(OLD, 'src/reference-store/pg-source.js'));
  engines.old = verify.createVerifier(new store.PgSource(pool));
}
const sides = [
  { name: 'range (new)', engine: engines.new, list: inputs.range },
  { name: 'point (new)', engine: engines.new, list: inputs.point },
  ...(engines.old ? [{ name: 'point (old)', engine: engines.old, list: inputs.point }] : []),
];

// Warm every side (blocks read, indexes built) and check what it answers.
for (const side of sides) {
  const statuses = new Map<string, number>();
  for (const input of side.list) {
    const v = await side.engine.verify(input, OPTIONS);
    const kind = `${v.status}${v.details?.extraInfo ? ' (range)' : ''}`;
    statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
  }
  console.log(
    `${side.name}: ${side.list.length} inputs, ${[...statuses].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
}

const cpu = new Map<string, { us: number; n: number }>(sides.map((s) => [s.name, { us: 0, n: 0 }]));
for (let round = 0; round < ROUNDS; round++)
  for (const side of sides) {
    global.gc?.();
    const start = process.cpuUsage();
    const until = performance.now() + 1000;
    let n = 0;
    while (performance.now() < until)
      for (const input of side.list) {
        await side.engine.verify(input, OPTIONS);
        n++;
      }
    const used = process.cpuUsage(start);
    const c = cpu.get(side.name)!;
    c.us += used.user + used.system;
    c.n += n;
  }
const per = (name: string) => cpu.get(name)!.us / cpu.get(name)!.n;
console.log(
  `\n${machine()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const side of sides) console.log(`${side.name}: ${per(side.name).toFixed(1)} µs CPU per verification`);
console.log(`range / point (new): ${(per('range (new)') / per('point (new)')).toFixed(2)}×`);
if (engines.old) console.log(`point new / old: ${(per('point (new)') / per('point (old)')).toFixed(2)}×`);
await pool.end();
