/**
 * A mailing list import of N CSV rows (live mode: every row verified), beside a plain
 * csv-parse of the same file in the same run:
 *   node --expose-gc --import tsx bench/mailing-list-import.ts [--rows 100000] [--profile FILE]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); uses a
 * fresh database `postroom_bench_import`. The rows are made from the Louisville reference points
 * of ../shared/data (imported as the verifier's data), or from the test fixture's few points
 * without it. The import goes through the code the server runs: receiveCsv (what the create
 * does with the file) and advanceImport (what the job does), with no HTTP and no job queue.
 */

import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse';
import pg from 'pg';
import { createAddressing } from '../src/api/addressing.js';
import { mailingListImportResource } from '../src/api/print-mail/mailing-list-imports/import.resource.js';
import { advanceImport, IMPORT_BATCH_ROWS } from '../src/api/print-mail/mailing-list-imports/import-run.js';
import { loadConfig } from '../src/config/config.js';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { insertDoc } from '../src/db/resources.repo.js';
import { createVerifier } from '../src/engines/address/verify/index.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { receiveCsv } from '../src/platform/csv/received-csv.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { FsBlobStore } from '../src/storage/fs-blob-store.js';
import { machine } from './support/bench-utils.js';
import { louisvillePoints, variedAddress } from './support/louisville-rows.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROWS = Number(arg('rows', '100000'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'postroom_bench_import';
const work = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-import-'));

/** Peak RSS while `fn` runs, sampled every 20 ms. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, seconds: (performance.now() - started) / 1000, peakRss };
  } finally {
    clearInterval(timer);
  }
}

/** Heap in use after a full collection (with --expose-gc; else as it is): what is kept, not garbage. */
function settledHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** With --profile FILE, a CPU profile of `fn` (the job's part) is written to FILE. */
async function profiled<T>(fn: () => Promise<T>): Promise<T> {
  const file = arg('profile', '');
  if (!file) return fn();
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<any>((resolve, reject) =>
      session.post(method, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    writeFileSync(file, JSON.stringify((await post('Profiler.stop')).profile));
    session.disconnect();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** N rows over the points (variedAddress); every row has its own name, so each is its own contact. */
function writeCsv(points: Record<string, string>[], n: number): string {
  const file = path.join(work, `contacts-${n}.csv`);
  const lines = ['First Name,Last Name,Address,Unit,City,State,ZIP,Offer'];
  for (let i = 0; i < n; i++) {
    const a = variedAddress(points, i);
    lines.push([`Reader${i}`, 'Bench', a.street, a.unit, a.city, 'KY', a.zip, `code-${i % 97}`].join(','));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function plainParse(file: string): Promise<number> {
  let n = 0;
  for await (const _record of createReadStream(file).pipe(parse({ bom: true, relax_column_count: true })))
    n++;
  return n - 1;
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
await admin.end();
const pool = createPool(adminUrl.replace(/\/[^/]*$/, `/${DB}`), { max: 10 });
await migrate(pool);
const { file: pointsFile, points } = louisvillePoints(work);
await importPoints(pool, pointsFile);
const verifier = createVerifier(new PgSource(pool));
await verifier.warm();
const csv = writeCsv(points, ROWS);
const org = await ensureOrganization(pool, 'bench');
const scope = { orgId: org.id, live: true };
const blobs = new FsBlobStore(path.join(work, 'blobs'));
const clock = { now: () => new Date() };
const deps = { pool, blobs, clock, addressing: createAddressing(verifier) };

console.log(
  `${machine()}\n${ROWS} rows, ${mb(statSync(csv).size)} CSV, points from ${path.basename(pointsFile)}`,
);
const baseline = await measured(() => plainParse(csv));
if (baseline.value !== ROWS) throw new Error(`parsed ${baseline.value} rows, wrote ${ROWS}`);

const received = await measured(() =>
  receiveCsv(blobs, 'mailing-list-imports', scope, createReadStream(csv), null),
);
const input = {
  file: received.value,
  fileType: 'csv' as const,
  receiverAddressMapping: {
    firstName: 'First Name',
    lastName: 'Last Name',
    addressLine1: 'Address',
    addressLine2: 'Unit',
    city: 'City',
    provinceOrState: 'State',
    postalOrZip: 'ZIP',
  },
  receiverMergeVariableMapping: { offer: 'Offer' },
};
// The create reads only the row limit from the server's dependencies: the default one.
const doc = await mailingListImportResource.create(input, {
  scope,
  now: new Date(),
  deps: { config: { importMaxRows: loadConfig({}).importMaxRows } },
} as unknown as Parameters<typeof mailingListImportResource.create>[1]);
await insertDoc(pool, 'mailing_list_imports', scope, doc, mailingListImportResource.searchText(doc));
const heapBefore = settledHeap();
// As the job runs it, in two calls so the two parts are timed apart: every batch (stopping
// after the last, as a slice can), then the commit (the next run finds every row staged).
const batches = Math.ceil(ROWS / IMPORT_BATCH_ROWS);
const staged = await measured(() =>
  profiled(() => advanceImport(deps, scope, doc.id, { maxBatches: batches })),
);
const committed = await measured(() => advanceImport(deps, scope, doc.id));
const heapAfter = settledHeap();
const done = (await pool.query('SELECT doc FROM mailing_list_imports WHERE id = $1', [doc.id])).rows[0].doc;
const contacts = (await pool.query('SELECT count(*)::int AS n FROM contacts')).rows[0].n;

const rate = (rows: number, seconds: number) => Math.round(rows / seconds).toLocaleString('en-US');
const job = staged.seconds + committed.seconds;
const whole = received.seconds + job;
const line = (what: string, m: { seconds: number; peakRss: number }) =>
  `| ${what} | ${rate(ROWS, m.seconds)} | ${m.seconds.toFixed(2)} | ${mb(m.peakRss)} |`;
console.log(`
| measurement | rows/s | seconds | peak RSS |
|---|---|---|---|
${line('plain csv-parse of the file (baseline)', baseline)}
${line('create: store the upload, check UTF-8, read header and count rows', received)}
${line('job, rows: settle (verify) and stage, batch by batch', staged)}
${line('job, commit: contacts, import contact set, report', committed)}
| **import: create + job** | **${rate(ROWS, whole)}** | ${whole.toFixed(2)} | |

Import / baseline: ${(baseline.seconds / whole).toFixed(3)} (the baseline is ${(whole / baseline.seconds).toFixed(0)}× faster).
Status ${done.status} (staging run: ${staged.value}); valid ${done.validRowCount}, invalid ${done.invalidRowCount}; verified / corrected / failed ${done.receiverStatusCount.verifiedCount} / ${done.receiverStatusCount.correctedCount} / ${done.receiverStatusCount.failedCount}; ${contacts} contacts.
Heap kept (after a full GC) before / after the job: ${mb(heapBefore)} / ${mb(heapAfter)}.`);
await pool.end();
rmSync(work, { recursive: true, force: true });
