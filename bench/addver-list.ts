/**
 * A bulk verification list of N rows, beside the verifier alone on the same rows in the same
 * run (verifyMany in batches of the list's size, no CSV, no blobs, no database writes):
 *   node --import tsx bench/addver-list.ts [--rows 100000] [--reuse]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); its
 * database `postroom_bench_addver_list` holds the Louisville reference points of
 * ../shared/data (the test fixture's few points without it). The list goes through the code
 * the server runs: receiveCsv and newList (what the upload does) and advanceList (what its
 * job does, in slices of the default job slice), with no HTTP and no job queue.
 */
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StoredList } from '../src/api/addver-lists/addver-list.schema.js';
import { newList } from '../src/api/addver-lists/list-create.js';
import { LISTS_TABLE } from '../src/api/addver-lists/list-jobs.js';
import { planListColumns, rowInput } from '../src/api/addver-lists/list-rows.js';
import { advanceList, LIST_BATCH_ROWS, listSearchText } from '../src/api/addver-lists/list-run.js';
import { loadConfig } from '../src/config/config.js';
import { getDoc, insertDoc } from '../src/db/resources.repo.js';
import { createVerifier, type VerifyInput } from '../src/engines/address/verify/index.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { csvRows } from '../src/platform/csv/csv-rows.js';
import { receiveCsv } from '../src/platform/csv/received-csv.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgIntlPoints } from '../src/reference-store/pg-intl-points.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { FsBlobStore } from '../src/storage/fs-blob-store.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';
import { louisvillePoints, variedAddress } from './support/louisville-rows.js';

const ROWS = Number(arg('rows', '100000'));
const work = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-addver-list-'));
const { file: pointsFile, points } = louisvillePoints(work);

const pool = await benchDatabase(
  'postroom_bench_addver_list',
  `points from ${path.basename(pointsFile)}`,
  { max: 10, applicationName: 'bench-addver-list' },
  async (p) => {
    await importPoints(p, pointsFile);
  },
);
const verifier = createVerifier(new PgSource(pool));
await verifier.warm();

/** N rows over the points, as a customer's file would hold them (variedAddress). */
function writeCsv(n: number): string {
  const lines = ['Customer,Address,Unit,City,State,ZIP'];
  for (let i = 0; i < n; i++) {
    const a = variedAddress(points, i);
    lines.push([`C${i}`, a.street, a.unit, a.city, 'KY', a.zip].join(','));
  }
  const file = path.join(work, `addresses-${n}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const csv = writeCsv(ROWS);
const mappings = {
  line1: 'Address',
  line2: 'Unit',
  city: 'City',
  provinceOrState: 'State',
  postalOrZip: 'ZIP',
};
const org = await ensureOrganization(pool, 'bench');
const scope = { orgId: org.id, live: true };
const blobs = new FsBlobStore(path.join(work, 'blobs'));
const clock = { now: () => new Date() };

/** The rows as the list reads them, outside the timings. */
async function inputsOf(file: string): Promise<VerifyInput[]> {
  const out: VerifyInput[] = [];
  let plan: ReturnType<typeof planListColumns> | undefined;
  for await (const { cells } of csvRows(createReadStream(file))) {
    if (!plan) plan = planListColumns(mappings, cells);
    else {
      const input = rowInput(cells, plan, { intl: false });
      if ('standard' in input) out.push(input.standard);
    }
  }
  return out;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

async function verifierAlone(inputs: VerifyInput[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < inputs.length; i += LIST_BATCH_ROWS)
    n += (await verifier.verifyMany(inputs.slice(i, i + LIST_BATCH_ROWS))).length;
  return n;
}

async function wholeList(): Promise<StoredList> {
  const file = await receiveCsv(blobs, 'addver-lists', scope, createReadStream(csv), null);
  const doc = await newList({ pool, clock }, scope, 'key_bench', { file, name: 'bench', mappings });
  await insertDoc(pool, LISTS_TABLE, scope, doc, listSearchText(doc));
  const deps = { pool, clock, blobs, verifier, intlPoints: new PgIntlPoints(pool) };
  while ((await advanceList(deps, scope, doc.id, { budgetMs: loadConfig().jobSliceMs })) === 'more');
  return JSON.parse((await getDoc(pool, LISTS_TABLE, scope, doc.id)) as string);
}

const inputs = await inputsOf(csv);
console.log(
  `${machine()}\n${ROWS} rows (${inputs.length} with an address), ${(statSync(csv).size / 2 ** 20).toFixed(1)} MB CSV, points from ${path.basename(pointsFile)}\n`,
);
console.log('| round | verifier alone rows/s | list rows/s | list / alone | list CPU s (node) |');
console.log('|---|---|---|---|---|');
const ratios: number[] = [];
for (let round = 1; round <= 3; round++) {
  // Alternating which goes first, so the verifier's warm caches favour neither.
  const runAlone = () => timed(() => verifierAlone(inputs));
  const [alone, list] =
    round % 2
      ? [await runAlone(), await timed(wholeList)]
      : await (async () => {
          const l = await timed(wholeList);
          return [await runAlone(), l] as const;
        })();
  if (list.value.status !== 'processed') throw new Error(`the list ended ${list.value.status}`);
  const aloneRate = ROWS / alone.seconds;
  const listRate = ROWS / list.seconds;
  ratios.push(listRate / aloneRate);
  console.log(
    `| ${round} | ${Math.round(aloneRate).toLocaleString('en-US')} | ${Math.round(listRate).toLocaleString('en-US')} | ${(listRate / aloneRate).toFixed(2)} | ${list.cpu.toFixed(1)} |`,
  );
  if (round === 3) {
    const { statusCount } = list.value.progress;
    console.log(
      `\nLast list: verified / corrected / failed ${statusCount.verified} / ${statusCount.corrected} / ${statusCount.failed}, invalid ${list.value.progress.invalid}, ${list.value.progress.parts} parts, cost ${list.value.cost} lookups.`,
    );
  }
}
console.log(`List / verifier alone, median of 3: ${ratios.sort()[1].toFixed(2)}`);
await pool.end();
rmSync(work, { recursive: true, force: true });
