/**
 * A file in the JSON body (base64, C1 §1) against the same file as a multipart part, same run:
 *   node --import tsx bench/inline-files.ts [--mb 15] [--rounds 5]
 * A two-page 6 × 4 postcard PDF padded to `--mb` MB with random bytes (as incompressible as
 * scanned artwork) is created as a postcard, alternately as JSON with `pdf` in base64 and as
 * multipart, with and without an Idempotency-Key (whose fingerprint covers the body). Measured
 * per create: wall time at the client and the server's CPU time (/proc utime + stime), medians
 * of `--rounds` alternating creates on one server; and how far the server's RSS rose above
 * where it stood before the request (sampled every 5 ms), each variant on a fresh server warmed
 * by a small create of both kinds (a server that has served large bodies keeps its heap). The
 * server is `postroom serve` from the sources with renders elsewhere, so only the create is
 * measured, on a fresh database `postroom_bench_files` (DATABASE_URL's server). Prints a
 * markdown table for docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { arg } from './support/bench-database.js';
import { machine, spawnReady } from './support/bench-utils.js';

const MB = Number(arg('mb', '15'));
const ROUNDS = Number(arg('rounds', '5'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = adminUrl.replace(/\/[^/]*$/, '/postroom_bench_files');
const cli = ['--import', 'tsx', 'test/helpers/postroom-cli.ts'];
const PORT = '18191';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS postroom_bench_files WITH (FORCE)');
await admin.query('CREATE DATABASE postroom_bench_files');
await admin.end();

const env = {
  ...process.env,
  DATABASE_URL: benchUrl,
  PORT,
  POSTROOM_RATE_LIMIT: '0',
  POSTROOM_RENDERS: 'elsewhere',
  LOG_LEVEL: 'warn',
  POSTROOM_DATA_DIR: '/tmp/postroom-bench-files',
};
const serve = () => spawnReady([...cli, 'serve'], { ...env, LOG_LEVEL: 'info' }, /listening/);
let server = await serve();
const key = execFileSync(
  process.execPath,
  [...cli, 'keys', 'create', '--org', 'bench', '--mode', 'test', '--product', 'print-mail'],
  { env },
)
  .toString()
  .trim()
  .split('\n')
  .at(-1)!;

async function postcardPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const side of ['Front', 'Back'])
    doc.addPage([6.25 * 72, 4.25 * 72]).drawText(side, { x: 54, y: 54, font });
  const base = (await doc.save({ useObjectStreams: false })).length;
  doc.context.register(doc.context.stream(randomBytes(Math.max(0, bytes - base - 40))));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const pdf = await postcardPdf(MB * 1024 * 1024);
const small = await postcardPdf(64 * 1024);
const fields = {
  'to[firstName]': 'Alice',
  'to[addressLine1]': '20 Recipient Way',
  'to[city]': 'Boston',
  'to[provinceOrState]': 'MA',
  'to[postalOrZip]': '02114',
  'to[countryCode]': 'US',
  size: '6x4',
};
const jsonBody = JSON.stringify({
  to: {
    firstName: 'Alice',
    addressLine1: '20 Recipient Way',
    city: 'Boston',
    provinceOrState: 'MA',
    postalOrZip: '02114',
    countryCode: 'US',
  },
  size: '6x4',
  pdf: pdf.toString('base64'),
});

/** The server's CPU seconds so far and its resident memory now, from /proc. */
function serverStats(): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime, stime (fields 14, 15)
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1];
  return { cpuMs: ticks * 10, rssMb: Number(rss) / 1024 };
}

type Variant = 'json base64' | 'multipart';
async function create(variant: Variant, idempotent: boolean, file = pdf) {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (idempotent) headers['idempotency-key'] = randomBytes(8).toString('hex');
  let body: string | FormData;
  if (variant === 'json base64') {
    headers['content-type'] = 'application/json';
    body =
      file === pdf ? jsonBody : JSON.stringify({ ...JSON.parse(jsonBody), pdf: file.toString('base64') });
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('pdf', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'postcard.pdf');
    body = form;
  }
  await new Promise((r) => setTimeout(r, 300)); // let the last request's garbage settle
  const before = serverStats();
  let peak = before.rssMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverStats().rssMb);
  }, 5);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/print-mail/v1/postcards`, {
    method: 'POST',
    headers,
    body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 201) throw new Error(`${variant}: ${res.status} ${text.slice(0, 300)}`);
  const after = serverStats();
  return { ms, cpuMs: after.cpuMs - before.cpuMs, rssRiseMb: Math.max(peak, after.rssMb) - before.rssMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const VARIANTS = [false, true].flatMap((idempotent) =>
  (['json base64', 'multipart'] as const).map((variant) => ({
    variant,
    idempotent,
    name: `${variant}${idempotent ? ', Idempotency-Key' : ''}`,
  })),
);
const results = new Map<string, Array<Awaited<ReturnType<typeof create>>>>();
await create('json base64', false); // warm both paths once
await create('multipart', false);
for (let round = 0; round < ROUNDS; round++)
  for (const { variant, idempotent, name } of VARIANTS)
    results.set(name, [...(results.get(name) ?? []), await create(variant, idempotent)]);
const stopped = (child: typeof server) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
await stopped(server);
const rssRise = new Map<string, number>();
for (const { variant, idempotent, name } of VARIANTS) {
  server = await serve();
  await create('json base64', false, small);
  await create('multipart', false, small);
  rssRise.set(name, (await create(variant, idempotent)).rssRiseMb);
  await stopped(server);
}

console.log(
  `\n${machine()}; a ${(pdf.length / 2 ** 20).toFixed(1)} MiB postcard PDF (JSON body ${(jsonBody.length / 2 ** 20).toFixed(1)} MiB); median of ${ROUNDS}, alternating\n`,
);
console.log('| create | wall ms | server CPU ms | server RSS rise MB (fresh server) |');
console.log('|---|---|---|---|');
for (const [name, runs] of results)
  console.log(
    `| ${name} | ${median(runs.map((r) => r.ms)).toFixed(0)} | ${median(runs.map((r) => r.cpuMs)).toFixed(0)} | ${rssRise.get(name)!.toFixed(0)} |`,
  );
process.exit(0);
