/**
 * `postroom data import` throughput and memory, on generated files:
 *   node --import tsx bench/data-import.ts [--rows 1000000] [--nad-rows 1000000] [--keep] [--files-only]
 *
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); works in
 * its own database, postroom_bench_import, emptied first (`--keep` leaves it afterwards;
 * `--files-only` writes the two files and stops, for profiling the importer on them).
 *
 * 1. Writes two files to the temporary directory, streamed: an OpenAddresses CSV (LON,LAT,NUMBER,
 *    STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH) and a NAD text file (the published
 *    60-column header, AddNo_Full / St_PreDir / St_Name / St_PosTyp / Post_City / State /
 *    Zip_Code / Plus_4 / Longitude / Latitude / UUID, and the delivery fields Placement,
 *    Lifecycle, Addr_Type and DeliverTyp filled). Rows are synthetic: real ZIPs with their
 *    state and city from the bundled ZIP table, made-up streets (one per 50 rows, each in one
 *    ZIP, names from a pool of 4,000), numbers 1-9999, a unit on one row in ten.
 * 2. Imports each into the empty store in a child process (`importPoints`, what the command
 *    runs), which reports rows/s and its own peak RSS; then the OpenAddresses file again, which
 *    must add nothing (the idempotent re-run's speed).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { usZipIndex } from '../src/engines/address/reference/us-zips.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { BackendCpu } from './support/backend-cpu.js';
import { machine } from './support/bench-utils.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'postroom_bench_import';
const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`);

interface ChildResult {
  rows: number;
  inserted: number;
  seconds: number;
  /** The importer process's CPU seconds (user + system): on a shared machine, steadier than wall time. */
  cpuSeconds: number;
  maxRssMb: number;
}

if (process.argv.includes('--child')) {
  // One import in a process of its own, so its peak RSS is the importer's alone.
  const file = arg('child', '');
  const pool = createPool(url, { max: 2, applicationName: 'bench-import' });
  const r = await importPoints(pool, file);
  await pool.end();
  const result: ChildResult = {
    rows: r.rows,
    inserted: r.inserted,
    seconds: r.seconds,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

const rows = Number(arg('rows', '1000000'));
const nadRows = Number(arg('nad-rows', '1000000'));

/** A small deterministic generator (mulberry32), so every run writes the same files. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'AL',
  'BER',
  'CAS',
  'DEL',
  'EM',
  'FAR',
  'GLEN',
  'HAR',
  'IVY',
  'JEF',
  'KEN',
  'LIN',
  'MAR',
  'NOR',
  'OAK',
  'PER',
  'RID',
  'SAL',
  'TOR',
  'WIL',
];
const TYPES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'CT', 'BLVD', 'WAY', 'PL', 'CIR'];
const TYPE_WORDS = [
  'Street',
  'Avenue',
  'Road',
  'Drive',
  'Lane',
  'Court',
  'Boulevard',
  'Way',
  'Place',
  'Circle',
];
const DIRS = ['', '', '', '', 'N', 'S', 'E', 'W'];
const DIR_WORDS: Record<string, string> = { N: 'North', S: 'South', E: 'East', W: 'West' };

interface Row {
  zip: string;
  state: string;
  city: string;
  number: number;
  dir: string;
  name: string;
  type: number;
  unit: string;
  lat: number;
  lon: number;
}

function* synthetic(count: number, seed: number): Generator<Row> {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const zips = [...usZipIndex().byZip.values()].filter((_, i) => i % 20 === 0);
  const names = Array.from({ length: 4000 }, (_, i) => {
    const a = SYLLABLES[i % 20];
    const b = SYLLABLES[Math.floor(i / 20) % 20];
    return `${a}${b.toLowerCase()}${i >= 400 ? ` ${SYLLABLES[Math.floor(i / 400) % 20].toLowerCase()}` : ''}`;
  });
  // Streets as real files have them: each in one ZIP, about 50 points a street per million rows.
  const streets = Array.from({ length: Math.max(100, Math.round(count / 50)) }, () => ({
    z: pick(zips),
    dir: pick(DIRS),
    name: pick(names),
    type: Math.floor(rand() * TYPES.length),
    lat: 25 + rand() * 23,
    lon: -124 + rand() * 57,
  }));
  for (let i = 0; i < count; i++) {
    const s = pick(streets);
    yield {
      zip: s.z.zip,
      state: s.z.state,
      city: s.z.city,
      number: 1 + Math.floor(rand() * 9999),
      dir: s.dir,
      name: s.name,
      type: s.type,
      unit: rand() < 0.1 ? `Apt ${1 + Math.floor(rand() * 40)}` : '',
      lat: s.lat + rand() / 100,
      lon: s.lon + rand() / 100,
    };
  }
}

async function writeLines(file: string, header: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  let batch = '';
  for (const line of lines) {
    batch += `${line}\n`;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
  return (await stat(file)).size;
}

function* openAddressesLines(count: number): Generator<string> {
  let i = 0;
  for (const r of synthetic(count, 1)) {
    const street = `${r.dir ? `${r.dir} ` : ''}${r.name} ${TYPES[r.type]}`;
    yield `${r.lon.toFixed(6)},${r.lat.toFixed(6)},${r.number},${street},${r.unit},${r.city},,${r.state},${r.zip},oa${i++},`;
  }
}

const NAD_HEADER =
  'OID_,AddNum_Pre,Add_Number,AddNum_Suf,AddNo_Full,St_PreMod,St_PreDir,St_PreTyp,St_PreSep,St_Name,St_PosTyp,St_PosDir,St_PosMod,StNam_Full,Building,Floor,Unit,Room,Seat,Addtl_Loc,SubAddress,LandmkName,County,Inc_Muni,Post_City,Census_Plc,Uninc_Comm,Nbrhd_Comm,NatAmArea,NatAmSub,Urbnztn_PR,PlaceOther,PlaceNmTyp,State,Zip_Code,Plus_4,UUID,AddAuth,AddrRefSys,Longitude,Latitude,NatGrid,Elevation,Placement,AddrPoint,Related_ID,RelateType,ParcelSrc,Parcel_ID,AddrClass,Lifecycle,Effective,Expire,DateUpdate,AnomStatus,LocatnDesc,Addr_Type,DeliverTyp,NAD_Source,DataSet_ID';

function* nadLines(count: number): Generator<string> {
  const columns = NAD_HEADER.split(',');
  const at = Object.fromEntries(columns.map((c, i) => [c, i]));
  let i = 0;
  for (const r of synthetic(count, 2)) {
    const row = new Array<string>(columns.length).fill('');
    const dir = DIR_WORDS[r.dir] ?? '';
    row[at.OID_] = String(++i);
    row[at.Add_Number] = String(r.number);
    row[at.AddNo_Full] = String(r.number);
    row[at.St_PreDir] = dir;
    row[at.St_Name] = r.name;
    row[at.St_PosTyp] = TYPE_WORDS[r.type];
    row[at.StNam_Full] = [dir, r.name, TYPE_WORDS[r.type]].filter(Boolean).join(' ');
    row[at.Unit] = r.unit;
    row[at.Inc_Muni] = r.city;
    row[at.Post_City] = r.city.toUpperCase();
    row[at.State] = r.state;
    row[at.Zip_Code] = r.zip;
    row[at.UUID] = `{00000000-0000-4000-8000-${String(i).padStart(12, '0')}}`;
    row[at.Longitude] = r.lon.toFixed(6);
    row[at.Latitude] = r.lat.toFixed(6);
    row[at.Plus_4] = String(1000 + (i % 9000));
    row[at.Placement] = 'Structure - Rooftop';
    row[at.Lifecycle] = 'Current';
    row[at.Addr_Type] = i % 5 ? 'Residential' : 'Commercial';
    row[at.DeliverTyp] = r.unit ? 'Subaddress Included' : 'Subaddress Excluded';
    row[at.NAD_Source] = 'Postroom bench';
    yield row.join(',');
  }
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function importInChild(file: string): Promise<ChildResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: adminUrl },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`import of ${file} exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

const tmp = os.tmpdir();
const oaFile = path.join(tmp, 'postroom-bench-openaddresses.csv');
const nadFile = path.join(tmp, 'postroom-bench-nad.txt');
console.log(
  `machine: ${machine()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const t = Date.now();
const oaBytes = await writeLines(
  oaFile,
  'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH',
  openAddressesLines(rows),
);
const nadBytes = await writeLines(nadFile, NAD_HEADER, nadLines(nadRows));
console.log(
  `generated ${rows} + ${nadRows} rows (${oaBytes} + ${nadBytes} bytes) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
);

if (process.argv.includes('--files-only')) {
  console.log(`left ${oaFile} and ${nadFile}`);
  process.exit(0);
}

await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB}`);
const pool = createPool(url, { max: 2, applicationName: 'bench-import-setup' });
await migrate(pool);

const runs: Array<[string, ChildResult, number]> = [];
for (const [label, file] of [
  ['OpenAddresses CSV, empty store', oaFile],
  ['NAD text, after it', nadFile],
  ['OpenAddresses CSV again (adds nothing)', oaFile],
] as const) {
  const backends = new BackendCpu(pool);
  await backends.start();
  const r = await importInChild(file);
  const pgSeconds = ((await backends.stop()).find(([who]) => who === 'bench-import')?.[1] ?? 0) / 1000;
  runs.push([label, r, pgSeconds]);
  console.log(
    `${label}: ${r.rows} rows, ${r.inserted} new, ${r.seconds.toFixed(1)} s (${Math.round(r.rows / r.seconds)} rows/s), ` +
      `importer CPU ${r.cpuSeconds.toFixed(1)} s, PostgreSQL CPU ${pgSeconds.toFixed(1)} s, peak RSS ${r.maxRssMb} MB`,
  );
}
const size = await pool.query(
  "SELECT count(*)::bigint AS n, pg_size_pretty(pg_total_relation_size('address_points')) AS size FROM address_points",
);
console.log(`store: ${size.rows[0].n} points, ${size.rows[0].size}; load now ${os.loadavg()[0].toFixed(1)}`);
console.log(
  '\n| run | rows | new points | wall s | rows/s (wall) | importer CPU s | PostgreSQL CPU s | rows per CPU s (both) | peak RSS |\n|---|---|---|---|---|---|---|---|---|',
);
const n = (v: number) => Math.round(v).toLocaleString('en');
for (const [label, r, pgSeconds] of runs)
  console.log(
    `| ${label} | ${n(r.rows)} | ${n(r.inserted)} | ${r.seconds.toFixed(1)} | ${n(r.rows / r.seconds)} | ${r.cpuSeconds.toFixed(1)} | ${pgSeconds.toFixed(1)} | ${n(r.rows / (r.cpuSeconds + pgSeconds))} | ${r.maxRssMb} MB |`,
  );
await pool.end();
if (!process.argv.includes('--keep')) await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await rm(oaFile, { force: true });
await rm(nadFile, { force: true });
