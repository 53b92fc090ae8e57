/**
 * `postroom tracking import` on a million IV-MTR scans (P1 §2), same run:
 *   node --import tsx bench/tracking-import.ts [--scans 1000000] [--pieces 100000] [--formats delimited,json]
 *     [--history 0] [--reuse]
 * Database postroom_bench_scans (DATABASE_URL's server) holds `--pieces` live letters with
 * their barcodes; the feed (bench/support/ivmtr-feed.ts) gives each ten scans in time order,
 * 2 in 100 records another mailer's. Timed, same run: reading the file alone (the parser, no
 * database: the baseline), the first import (every order moves twice or three times, each
 * change with its event), and the same file again (nothing changes). RSS is sampled as the
 * import reads the file, so a growing heap would show. Both formats: delimited and JSON.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importScans } from '../src/api/print-mail/tracking/scan-import.js';
import { readScans } from '../src/api/print-mail/tracking/scan-parse.js';
import type { Pool } from '../src/db/pool.js';
import { createUrlSigner } from '../src/platform/signed-url.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';
import { benchImb, writeFeed } from './support/ivmtr-feed.js';

const SCANS = Number(arg('scans', '1000000'));
const PIECES = Number(arg('pieces', '100000'));
const FORMATS = arg('formats', 'delimited,json').split(',');
const HISTORY = Number(arg('history', '0'));
const start = new Date('2026-03-02T06:00:00Z');

async function load(pool: Pool) {
  await pool.query(
    `INSERT INTO organizations (id, name) VALUES ('org_bench_scans', 'bench-scans') ON CONFLICT DO NOTHING`,
  );
  await pool.query('TRUNCATE letters, imb_barcodes');
  const doc = `jsonb_build_object('id', 'letter_bench' || i, 'object', 'letter', 'live', true, 'status', 'processed_for_delivery',
    'to', jsonb_build_object('firstName', 'Alice', 'lastName', 'Reader', 'addressLine1', '20 Recipient Way', 'city', 'BOSTON',
      'provinceOrState', 'MA', 'postalOrZip', '02114', 'countryCode', 'US', 'addressStatus', 'verified'),
    'from', jsonb_build_object('companyName', 'Sender Co', 'addressLine1', '1 Sender Plaza', 'city', 'ALBANY',
      'provinceOrState', 'NY', 'postalOrZip', '12207', 'countryCode', 'US'),
    'html', '<p>Hello {{to.firstName}}</p>', 'size', 'us_letter', 'mailingClass', 'first_class', 'pageCount', 1,
    'imbStatus', null, 'imbDate', null, 'imbZipCode', null, 'trackingNumber', null,
    'createdAt', '2026-03-01T12:00:00.000Z', 'updatedAt', '2026-03-01T12:00:00.000Z')`;
  await pool.query(
    `INSERT INTO letters (id, org_id, live, status, doc, search_text, content, pdf_key, created_at, updated_at)
     SELECT 'letter_bench' || i, 'org_bench_scans', true, 'processed_for_delivery', ${doc}, '', '{}',
       'letters/live/letter_bench' || i || '.pdf', '2026-03-01T12:00:00Z', '2026-03-01T12:00:00Z'
     FROM generate_series(0, $1 - 1) AS i`,
    [PIECES],
  );
  const imbs = Array.from({ length: PIECES }, (_, i) => benchImb(i));
  await pool.query(
    `INSERT INTO imb_barcodes (order_id, order_kind, org_id, live, mailer_id, serial, tracking, routing, issued_at)
     SELECT 'letter_bench' || (n - 1), 'letter', 'org_bench_scans', true, '123456', n - 1, left(imb, 20), substr(imb, 21),
       '2026-03-01T12:00:00Z' FROM unnest($1::text[]) WITH ORDINALITY AS t(imb, n)`,
    [imbs],
  );
}

/**
 * Back to no scans and no imbStatus, so every run's first import does the same work; with
 * `--history N`, N scans of other (older) pieces stored before, as months of mail leave them.
 * imb_scans is analyzed either way, as autovacuum leaves a new database's empty table: the
 * case whose plans once never finished (docs/decisions.md, *Mail tracking (P1)*).
 */
async function reset(pool: Pool) {
  await pool.query('TRUNCATE imb_scans, events, webhook_outbox');
  if (HISTORY)
    await pool.query(
      `INSERT INTO imb_scans (order_id, scanned_at, event_code, operation_code, facility_zip, status, detail, imported_at)
       SELECT 'letter_old' || (i / 10), timestamptz '2025-01-01' + i * interval '1 second', '10', '271', '12207',
         'entered_mail_stream', '{"mailPhase":"Phase 1 - Origin Processing Cancellation of Postage"}', '2025-06-01'
       FROM generate_series(1, $1) AS i`,
      [HISTORY],
    );
  await pool.query('ANALYZE imb_scans');
  await pool.query(`UPDATE letters SET doc = doc || '{"imbStatus":null,"imbDate":null,"imbZipCode":null}'`);
  await pool.query('VACUUM ANALYZE letters');
}

/** The file's bytes, sampling RSS at each tenth of the file read. */
async function* sampled(file: string, rss: number[]): AsyncGenerator<Buffer> {
  const size = statSync(file).size;
  let read = 0;
  let next = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    read += chunk.length;
    if (read >= (next * size) / 10) {
      rss.push(process.memoryUsage().rss);
      next++;
    }
    yield chunk as Buffer;
  }
}

const mb = (b: number) => Math.round(b / 2 ** 20);

/** CPU seconds so far of this database's PostgreSQL backends (/proc, same machine), by pid. */
async function backendCpu(pool: Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // a backend that has gone, or PostgreSQL on another machine: not counted
    }
  }
  return ticks;
}

/** Node's and PostgreSQL's CPU seconds spent while `fn` ran. */
async function cpuOf<T>(pool: Pool, fn: () => Promise<T>): Promise<{ value: T; node: number; pg: number }> {
  const [pgBefore, nodeBefore] = [await backendCpu(pool), process.cpuUsage()];
  const value = await fn();
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = await backendCpu(pool);
  let pg = 0;
  for (const [pid, s] of pgAfter) pg += s - (pgBefore.get(pid) ?? 0);
  return { value, node: (node.user + node.system) / 1e6, pg };
}
const signer = createUrlSigner(Buffer.from('bench-secret-bench-secret-bench!!'), 'http://127.0.0.1:8080', {
  now: () => new Date(),
});
const pool = await benchDatabase(
  'postroom_bench_scans',
  `scans v1 ${PIECES}`,
  { max: 4, applicationName: 'bench' },
  load,
);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ivmtr-'));
console.log(`${machine()}; ${SCANS} scans of ${PIECES} pieces (2% foreign), ${HISTORY} stored before\n`);
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  '| format | run | wall s | scans/s | CPU µs per scan: Node + PostgreSQL | orders changed | RSS at each tenth of the file, MB |',
);
console.log('|---|---|---|---|---|---|---|');
for (const json of [false, true].filter((j) => FORMATS.includes(j ? 'json' : 'delimited'))) {
  const file = path.join(dir, json ? 'feed.json' : 'feed.txt');
  await writeFeed(file, { pieces: PIECES, scans: SCANS, foreign: 2, json, start });
  const name = `${json ? 'JSON' : 'delimited'} (${mb(statSync(file).size)} MB)`;
  const row = (run: string, ms: number, cpu: { node: number; pg: number }, changed: string, rss: number[]) =>
    console.log(
      `| ${name} | ${run} | ${(ms / 1000).toFixed(1)} | ${Math.round(SCANS / (ms / 1000)).toLocaleString('en')} | ${((cpu.node * 1e6) / SCANS).toFixed(1)} + ${((cpu.pg * 1e6) / SCANS).toFixed(1)} | ${changed} | ${rss.map(mb).join(' ')} |`,
    );
  let t = performance.now();
  let parsed = 0;
  const parseRss: number[] = [];
  const parse = await cpuOf(pool, async () => {
    for await (const scans of readScans(sampled(file, parseRss))) parsed += scans.length;
  });
  row('read only (baseline)', performance.now() - t, parse, `(${parsed} read)`, parseRss);
  await reset(pool);
  for (const run of ['first import', 'same file again']) {
    const rss: number[] = [];
    t = performance.now();
    const r = await cpuOf(pool, () => importScans(pool, sampled(file, rss), { now: new Date(), signer }));
    row(run, performance.now() - t, r, String(r.value.ordersUpdated), rss);
  }
}
await pool.end();
// The feeds are 355 MB a run: not left in the temporary directory.
rmSync(dir, { recursive: true, force: true });
