/**
 * Census geographies: import rate, storage, memory of a state's blocks, and the time to place
 * one point in every layer (docs/benchmarks.md, "Census geographies").
 *
 *   node --expose-gc --import tsx bench/geographies.ts [--blocks 120000] [--vertices 60] [--points 200000] [--reuse]
 *
 * No TIGER/Line file is reachable here, so a synthetic state is written as TIGER/Line
 * shapefiles (bench/support/write-shapefile.ts) over Kentucky's bbox: 60 counties, `--blocks`
 * blocks of `--vertices` vertices each (TIGER's blocks follow streets and streams: tens of
 * vertices), 40 tracts per county (200 vertices), counties of 2,000 vertices, 6 congressional
 * districts (20,000), 40 upper and 100 lower districts (5,000 and 3,000), 400 places (500),
 * 10 CBSAs (30,000), 5 CSAs (40,000), 3 metropolitan divisions (20,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from '../src/db/pool.js';
import { AreaGroup } from '../src/engines/address/geography/area-group.js';
import type { LayerId } from '../src/engines/address/geography/layers.js';
import { fixed, PolygonSet } from '../src/engines/address/geography/polygon.js';
import { createVerifier, MemorySource } from '../src/engines/address/verify/index.js';
import type { ReferencePoint } from '../src/engines/address/verify/reference-point.js';
import { groupAreas } from '../src/reference-store/boundaries/boundaries.repo.js';
import { importBoundaries } from '../src/reference-store/boundaries/import-boundaries.js';
import { PgGeographies } from '../src/reference-store/boundaries/pg-geographies.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';
import { type Feature, writeShapefile } from './support/write-shapefile.js';

const BLOCKS = Number(arg('blocks', '120000'));
const VERTICES = Number(arg('vertices', '60'));
const POINTS = Number(arg('points', '200000'));
const [X0, Y0, X1, Y1] = [-89.5, 36.5, -82.0, 39.1];
const COUNTIES = [10, 6] as const;

/** A closed rectangle ring with `perSide` vertices on each side (collinear: cells still tile). */
function cell(x0: number, y0: number, x1: number, y1: number, perSide: number): number[] {
  const r: number[] = [];
  const side = (ax: number, ay: number, bx: number, by: number) => {
    for (let i = 0; i < perSide; i++) r.push(ax + ((bx - ax) * i) / perSide, ay + ((by - ay) * i) / perSide);
  };
  side(x0, y0, x0, y1);
  side(x0, y1, x1, y1);
  side(x1, y1, x1, y0);
  side(x1, y0, x0, y0);
  r.push(x0, y0);
  return r;
}

/** Cells of a grid over a bbox, row by row. */
function* grid(
  bbox: [number, number, number, number],
  nx: number,
  ny: number,
): Generator<[number, number, number, number, number]> {
  const [x0, y0, x1, y1] = bbox;
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++)
      yield [
        x0 + ((x1 - x0) * i) / nx,
        y0 + ((y1 - y0) * j) / ny,
        x0 + ((x1 - x0) * (i + 1)) / nx,
        y0 + ((y1 - y0) * (j + 1)) / ny,
        j * nx + i,
      ];
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const STATE: [number, number, number, number] = [X0, Y0, X1, Y1];

async function writeLayers(dir: string): Promise<void> {
  const counties = [...grid(STATE, ...COUNTIES)];
  const perCounty = Math.ceil(BLOCKS / counties.length);
  const side = Math.ceil(Math.sqrt(perCounty));
  const countyFp = (k: number) => pad(2 * k + 1, 3);
  const file = (name: string) => path.join(dir, name);
  await writeShapefile(
    file('tl_2024_21_tabblock20'),
    [
      ['STATEFP20', 2],
      ['COUNTYFP20', 3],
      ['TRACTCE20', 6],
      ['BLOCKCE20', 4],
      ['GEOID20', 15],
    ],
    (function* (): Generator<Feature> {
      for (const [cx0, cy0, cx1, cy1, k] of counties)
        for (const [x0, y0, x1, y1, b] of grid([cx0, cy0, cx1, cy1], side, side)) {
          if (b >= perCounty) break;
          const tract = pad(100 + Math.floor((b * 40) / perCounty), 6);
          const block = pad(1000 + (b % 9000), 4);
          yield {
            rings: [cell(x0, y0, x1, y1, VERTICES / 4)],
            values: ['21', countyFp(k), tract, block, `21${countyFp(k)}${tract}${block}`],
          };
        }
    })(),
    counties.length * perCounty,
  );
  await writeShapefile(
    file('tl_2024_21_tract'),
    [
      ['STATEFP', 2],
      ['COUNTYFP', 3],
      ['TRACTCE', 6],
      ['GEOID', 11],
    ],
    (function* (): Generator<Feature> {
      for (const [cx0, cy0, cx1, cy1, k] of counties)
        for (const [x0, y0, x1, y1, t] of grid([cx0, cy0, cx1, cy1], 8, 5)) {
          const tract = pad(100 + t, 6);
          yield {
            rings: [cell(x0, y0, x1, y1, 50)],
            values: ['21', countyFp(k), tract, `21${countyFp(k)}${tract}`],
          };
        }
    })(),
    counties.length * 40,
  );
  await writeShapefile(
    file('tl_2024_us_county'),
    [
      ['STATEFP', 2],
      ['COUNTYFP', 3],
      ['COUNTYNS', 8],
      ['GEOID', 5],
      ['NAME', 40],
    ],
    counties.map(([x0, y0, x1, y1, k]) => ({
      rings: [cell(x0, y0, x1, y1, 500)],
      values: ['21', countyFp(k), '00000000', `21${countyFp(k)}`, `County ${k}`],
    })),
    counties.length,
  );
  const simple = async (
    stem: string,
    fields: Array<[string, number]>,
    bbox: [number, number, number, number],
    nx: number,
    ny: number,
    perSide: number,
    values: (i: number) => string[],
    shrink = 0,
  ) =>
    writeShapefile(
      file(stem),
      fields,
      [...grid(bbox, nx, ny)].map(([x0, y0, x1, y1, i]) => {
        const dx = ((x1 - x0) * shrink) / 2;
        const dy = ((y1 - y0) * shrink) / 2;
        return { rings: [cell(x0 + dx, y0 + dy, x1 - dx, y1 - dy, perSide)], values: values(i) };
      }),
      nx * ny,
    );
  await simple(
    'tl_2024_21_cd119',
    [
      ['STATEFP', 2],
      ['CD119FP', 2],
      ['GEOID', 4],
    ],
    STATE,
    3,
    2,
    5000,
    (i) => ['21', pad(i + 1, 2), `21${pad(i + 1, 2)}`],
  );
  await simple(
    'tl_2024_21_sldu',
    [
      ['STATEFP', 2],
      ['SLDUST', 3],
      ['GEOID', 5],
    ],
    STATE,
    8,
    5,
    1250,
    (i) => ['21', pad(i + 1, 3), `21${pad(i + 1, 3)}`],
  );
  await simple(
    'tl_2024_21_sldl',
    [
      ['STATEFP', 2],
      ['SLDLST', 3],
      ['GEOID', 5],
    ],
    STATE,
    10,
    10,
    750,
    (i) => ['21', pad(i + 1, 3), `21${pad(i + 1, 3)}`],
  );
  await simple(
    'tl_2024_21_place',
    [
      ['STATEFP', 2],
      ['PLACEFP', 5],
      ['GEOID', 7],
    ],
    STATE,
    20,
    20,
    125,
    (i) => ['21', pad(i + 1, 5), `21${pad(i + 1, 5)}`],
    0.5,
  );
  await simple(
    'tl_2024_us_cbsa',
    [
      ['CBSAFP', 5],
      ['GEOID', 5],
      ['LSAD', 2],
    ],
    STATE,
    5,
    2,
    7500,
    (i) => [pad(10000 + i, 5), pad(10000 + i, 5), i % 2 ? 'M2' : 'M1'],
    0.1,
  );
  await simple(
    'tl_2024_us_csa',
    [
      ['CSAFP', 3],
      ['GEOID', 3],
    ],
    STATE,
    5,
    1,
    10000,
    (i) => [pad(100 + i, 3), pad(100 + i, 3)],
  );
  await simple(
    'tl_2024_us_metdiv',
    [
      ['CBSAFP', 5],
      ['METDIVFP', 5],
      ['GEOID', 10],
    ],
    [X0, Y0, X0 + 3, Y1],
    3,
    1,
    5000,
    (i) => ['10000', pad(20000 + i, 5), `10000${pad(20000 + i, 5)}`],
  );
}

const heap = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
/** CPU microseconds (user + system) since `start`: steadier than wall time on a shared machine. */
const cpuMicros = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return d.user + d.system;
};
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

/** One point per block, deterministic, inside the state. */
function randomPoints(n: number, seed = 1): Float64Array {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    out[2 * i] = X0 + (X1 - X0) * next();
    out[2 * i + 1] = Y0 + (Y1 - Y0) * next();
  }
  return out;
}

async function main(): Promise<void> {
  console.log(`# Census geographies — ${machine()}`);
  console.log(`synthetic state: ${BLOCKS} blocks of ${VERTICES} vertices, 60 counties, 9 other layers\n`);
  let importLine = '(reused: import not timed)';
  const pool: Pool = await benchDatabase(
    'postroom_bench_geo',
    `geo:${BLOCKS}:${VERTICES}:v1`,
    { max: 4, applicationName: 'bench-geo' },
    async (p) => {
      await p.query('TRUNCATE census_areas, census_area_groups, census_layers, census_area_staging');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-geo-'));
      try {
        let t = performance.now();
        await writeLayers(dir);
        const written = (performance.now() - t) / 1000;
        t = performance.now();
        const r = await importBoundaries(p, [dir]);
        const s = (performance.now() - t) / 1000;
        const blocks = r.files.find((f) => f.layer === 'block')!;
        importLine =
          `wrote the shapefiles in ${written.toFixed(1)} s; imported ${r.areas} areas in ${s.toFixed(1)} s ` +
          `(${Math.round(r.areas / s)} areas/s; ${blocks.areas} blocks)`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
  console.log(`import: ${importLine}`);
  const sizes = await pool.query(
    `SELECT layer, count(*)::int AS n, sum(octet_length(geometry))::float8 AS raw,
            sum(pg_column_size(geometry))::float8 AS stored FROM census_areas GROUP BY layer ORDER BY layer`,
  );
  const total = await pool.query(
    "SELECT pg_total_relation_size('census_areas')::float8 AS t, (SELECT count(*) FROM census_areas)::float8 AS n",
  );
  console.log(
    `PostgreSQL: census_areas with its indexes ${mb(total.rows[0].t)} for ${total.rows[0].n} areas ` +
      `(${Math.round(total.rows[0].t / total.rows[0].n)} bytes per area)`,
  );
  for (const r of sizes.rows)
    console.log(
      `  ${r.layer.padEnd(7)} ${String(r.n).padStart(7)} areas, geometry ${mb(r.raw)} as written, ${mb(r.stored)} stored`,
    );

  // Memory: every block group of the state loaded (one point in each county's middle loads its group).
  const blockGroups = (await pool.query("SELECT grp FROM census_area_groups WHERE layer = 'block'")).rows.map(
    (r) => r.grp as string,
  );
  const countyCentres = [...grid(STATE, ...COUNTIES)].map(([x0, y0, x1, y1]) => [
    (x0 + x1) / 2,
    (y0 + y1) / 2,
  ]);
  const base = heap();
  let readMs = 0;
  let buildMs = 0;
  const built: AreaGroup[] = [];
  // One county at a time, as a server reads them (one query per group it needs).
  for (const grp of blockGroups) {
    let t0 = performance.now();
    const groups = await groupAreas(pool, 'block', [grp]);
    readMs += performance.now() - t0;
    t0 = performance.now();
    for (const records of groups.values()) built.push(new AreaGroup(records));
    buildMs += performance.now() - t0;
  }
  heap();
  const held = heap() - base;
  let t = performance.now();
  const blocks = built.reduce((n, g) => n + g.size, 0);
  const estimate = built.reduce((n, g) => n + g.bytes, 0);
  console.log(
    `\na state's blocks in memory: ${blocks} blocks in ${built.length} county groups: heap ${mb(held)} ` +
      `(${Math.round(held / blocks)} bytes per block, ${(held / blocks / VERTICES).toFixed(1)} per vertex; ` +
      `the cache counts ${mb(estimate)}); read ${readMs.toFixed(0)} ms, indexed ${buildMs.toFixed(0)} ms ` +
      `(${((readMs + buildMs) / built.length).toFixed(0)} ms per county)`,
  );
  built.length = 0;

  // Bounded: a 64 MB budget over the same state, a point in every county in turn.
  const bounded = new PgGeographies(pool, { maxBytes: 64 * 2 ** 20 });
  const before = heap();
  for (let round = 0; round < 2; round++) for (const [x, y] of countyCentres) await bounded.place(x, y);
  const s = bounded.stats();
  console.log(
    `bounded (maxBytes 64 MB, every county visited twice): ${s.groups} groups, ${s.areas} areas held, ` +
      `counted ${mb(s.bytes)}, heap ${mb(heap() - before)}`,
  );

  // Placement: warm, every layer, against a linear scan of the same polygons (same run).
  // No version re-check during the timed loop (a server checks every 5 s: one placement in 5 s waits for it).
  const geo = new PgGeographies(pool, { maxBytes: 2 ** 40, recheckMs: 3_600_000 });
  for (const [x, y] of countyCentres) await geo.place(x, y);
  const pts = randomPoints(POINTS);
  for (let i = 0; i < 2000; i++) await geo.place(pts[2 * i], pts[2 * i + 1]); // warm every group
  let found = 0;
  let cpu = process.cpuUsage();
  t = performance.now();
  for (let i = 0; i < POINTS; i++) {
    const r = geo.place(pts[2 * i], pts[2 * i + 1]);
    if (r instanceof Promise) throw new Error('a warm placement read the database');
    for (const _ in r) found++;
  }
  const perPoint = ((performance.now() - t) * 1000) / POINTS;
  const cpuPerPoint = cpuMicros(cpu) / POINTS;
  console.log(
    `\nplace one point in every layer (warm, ${POINTS} points): ${cpuPerPoint.toFixed(2)} µs of CPU per point ` +
      `(${perPoint.toFixed(2)} µs wall; ${(found / POINTS).toFixed(2)} areas found per point)`,
  );

  const layers = (await pool.query('SELECT DISTINCT layer FROM census_areas ORDER BY layer')).rows.map(
    (r) => r.layer as LayerId,
  );
  const scans: Array<{ layer: LayerId; boxes: Int32Array; set: PolygonSet }> = [];
  for (const layer of layers) {
    const grps = (await pool.query('SELECT grp FROM census_area_groups WHERE layer = $1', [layer])).rows.map(
      (r) => r.grp,
    );
    const records = [...(await groupAreas(pool, layer, grps)).values()].flat();
    const boxes = new Int32Array(records.length * 4);
    records.forEach((r, i) => {
      boxes.set([r.bbox.minX, r.bbox.minY, r.bbox.maxX, r.bbox.maxY], i * 4);
    });
    scans.push({ layer, boxes, set: new PolygonSet(records.map((r) => r.geometry)) });
  }
  const scanPoints = Math.min(POINTS, 5000);
  let scanFound = 0;
  cpu = process.cpuUsage();
  for (let i = 0; i < scanPoints; i++) {
    const x = fixed(pts[2 * i]);
    const y = fixed(pts[2 * i + 1]);
    for (const { boxes, set } of scans)
      for (let a = 0; a < set.count; a++) {
        const o = a * 4;
        if (x < boxes[o] || y < boxes[o + 1] || x > boxes[o + 2] || y > boxes[o + 3]) continue;
        if (set.contains(a, x, y)) {
          scanFound++;
          break;
        }
      }
  }
  const scanPerPoint = cpuMicros(cpu) / scanPoints;
  console.log(
    `baseline, the same polygons without the R-trees (a bbox test on every area, then the exact test; ` +
      `${scanPoints} points): ${scanPerPoint.toFixed(1)} µs of CPU per point (${(scanFound / scanPoints).toFixed(2)} areas found)`,
  );
  scans.length = 0;

  // A verification with details, with and without the layers (a matched point inside the state).
  const point = (number: string, lat: number, lon: number): ReferencePoint => ({
    zip: '40205',
    state: 'KY',
    city: 'LOUISVILLE',
    number,
    street: { name: 'NEWBURG', type: 'RD' },
    lat,
    lon,
  });
  const source = new MemorySource().add(point('1920', 38.2211, -85.711), point('1924', 38.2215, -85.7114));
  const plain = createVerifier(source);
  const placed = createVerifier(source, { geographies: geo });
  const input = '1920 NEWBURG RD, LOUISVILLE, KY 40205';
  const options = { includeDetails: true };
  await placed.verify(input, options);
  const time = async (v: typeof plain, n: number) => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await v.verify(input, options);
    return cpuMicros(start) / n;
  };
  for (let round = 0; round < 2; round++) {
    const a = await time(plain, 20000);
    const b = await time(placed, 20000);
    console.log(
      `verification with includeDetails (round ${round + 1}): ${a.toFixed(1)} µs without the layers, ` +
        `${b.toFixed(1)} µs with them (CPU per verification)`,
    );
  }
  await pool.end();
}

await main();
