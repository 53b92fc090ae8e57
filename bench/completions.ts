/**
 * Autocomplete previews at scale, beside verification in the same run:
 *   node --import tsx bench/completions.ts [--points 10000000] [--reuse] [--seconds 20]
 *                                          [--concurrency 4] [--http] [--ranges N] [--old DIR]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). The
 * three reference files (../shared/data, never copied) plus N synthetic points go into
 * `postroom_bench_complete`; `--reuse` keeps it when it already holds what this run would load.
 *
 * Measures, on the same database and process:
 * - previews: every keystroke of 5,000 addresses sampled from the store (a fifth typed with a
 *   typo), in a closed loop of `--concurrency` callers: previews/s, p50/p99 latency, and CPU
 *   per preview (this process + its PostgreSQL backends), hence previews per core-second;
 *   then each kind of keystroke (number, street, after a typo) alone;
 * - the baseline: verification of the 2,000 dev inputs through the same store, warm, the same way;
 * - with --http, previews over HTTP at 200/s and 500/s against a server in its own process;
 * - with --ranges N, N synthetic TIGER/Line segments (Kentucky) are imported too, and the
 *   keystrokes of 1,000 addresses only ranges hold are measured alone; with --old DIR (a `git
 *   worktree` of another commit, node_modules linked), mixed and range keystrokes through both
 *   commits' autocomplete, same run, alternating (bench/completions-ranges.ts).
 */
import path from 'node:path';
import { Pool as Undici } from 'undici';
import { createPool, type Pool } from '../src/db/pool.js';
import { completeAddress } from '../src/engines/address/complete/index.js';
import { createVerifier } from '../src/engines/address/verify/index.js';
import { importPoints } from '../src/reference-store/import/import-points.js';
import { PgCompletions } from '../src/reference-store/pg-completions.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { addSyntheticPoints, type Keystroke, keystrokes, SYNTHETIC_VERSION } from './completions-data.js';
import { loadRanges, oldEngine, rangeKeystrokes, type Side, sameRunAB } from './completions-ranges.js';
import { arg, benchDatabase, benchDatabaseUrl } from './support/bench-database.js';
import { machine, spawnReady } from './support/bench-utils.js';
import { closedLoop, pct, report, type Timing } from './support/closed-loop.js';
import { devCases, REF, SF_MAP } from './verify-data.js';

const points = Number(arg('points', '10000000'));
const seconds = Number(arg('seconds', '20'));
const concurrency = Number(arg('concurrency', '4'));
const ranges = Number(arg('ranges', '0'));
const OLD = arg('old', '');
const DB = 'postroom_bench_complete';
const url = benchDatabaseUrl(DB);
const content = `reference files + synthetic ${points} v${SYNTHETIC_VERSION} + ranges ${ranges}`;

const prepare = () =>
  benchDatabase(DB, content, { max: concurrency + 2, applicationName: 'bench-complete' }, async (pool) => {
    await pool.query('TRUNCATE address_points, address_point_areas');
    const t = Date.now();
    for (const [file, map] of [
      ['us-ky-louisville-points.csv'],
      ['us-ny-nyc-points.csv'],
      ['us-ca-sf-points-with-units.csv', SF_MAP],
    ] as const)
      await importPoints(pool, path.join(REF, file), { map });
    console.log(`reference files imported in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const s = Date.now();
    if (points > 0) await addSyntheticPoints(pool, points, console.log);
    console.log(`synthetic points loaded in ${((Date.now() - s) / 1000).toFixed(0)} s`);
    if (ranges > 0) await loadRanges(pool, ranges, console.log);
  });

/** Addresses to type: a sample of the store's points (real and synthetic alike). */
async function sample(pool: Pool, n: number): Promise<Array<{ number: string; street: string }>> {
  const res = await pool.query(
    `SELECT number, concat_ws(' ', pre_direction, pre_type, street_name, street_type, post_direction) AS street
       FROM address_points TABLESAMPLE BERNOULLI (0.06) REPEATABLE (7) LIMIT $1`,
    [n],
  );
  return res.rows;
}

/**
 * Previews over HTTP against a server in its own process (as `postroom serve`), open loop:
 * request k is due at start + k/rate with the k-th keystroke, latency measured from when it
 * was due (so a server that falls behind shows in the percentiles).
 */
async function httpPreviews(typed: Keystroke[]) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    POSTROOM_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
  const child = await spawnReady(
    ['--import', 'tsx', 'bench/verify-http.ts', '--serve'],
    env,
    /verify server ready/,
  );
  const db = createPool(url, { max: 1 });
  const http = new Undici(`http://127.0.0.1:${port}`, { connections: 20, pipelining: 1 });
  try {
    const { ensureOrganization } = await import('../src/platform/auth/organizations.repo.js');
    const { createKey } = await import('../src/platform/auth/keys.repo.js');
    const org = await ensureOrganization(db, 'bench-complete');
    const key = (await createKey(db, org.id, 'test', 'addver', 'secret')).key;
    const get = async (i: number) => {
      const res = await http.request({
        path: `/v1/addver/completions?partialStreet=${encodeURIComponent(typed[i].text)}`,
        method: 'GET',
        headers: { 'x-api-key': key },
      });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    };
    // Warm (planned statements, weights, street names) on keystrokes the rates do not send.
    for (let i = 1; i <= 1000; i++) await get(typed.length - i);
    let sent = 0;
    for (const rate of [200, 500]) {
      const total = rate * 10;
      const latencies: number[] = [];
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inFlight.push(get(sent + i).then(() => void latencies.push(performance.now() - due)));
      }
      await Promise.all(inFlight);
      sent += total;
      console.log(
        `HTTP previews at ${rate}/s: ${latencies.length} sent, p50 ${pct(latencies, 0.5)} ms, p99 ${pct(latencies, 0.99)} ms`,
      );
    }
  } finally {
    await http.close();
    await db.end();
    child.kill('SIGTERM');
  }
}

const pool = await prepare();
const count = (await pool.query('SELECT count(*)::bigint AS n FROM address_points')).rows[0].n;
const names = (await pool.query('SELECT count(*)::bigint AS n FROM address_street_names')).rows[0].n;
const size = (await pool.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS s')).rows[0].s;
console.log(
  `${machine()}; ${Number(count).toLocaleString()} points, ${Number(names).toLocaleString()} street names, ${size}`,
);
console.log(
  `load: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);

// Enough addresses that a run never types a keystroke twice: what the store remembers (recent
// typo terms, reads of a house number alone) helps only as it would with real users, when
// different addresses start alike or one user goes on typing.
const typed = keystrokes(await sample(pool, 5000));
const source = new PgCompletions(pool);
const preview = (k: Keystroke) => completeAddress(source, { partialStreet: k.text, filter: {}, limit: 10 });
const verifier = createVerifier(new PgSource(pool));
await verifier.warm();
const inputs: Array<{ input: string; kind?: string }> = devCases().map((c) => ({ input: c.input }));
const verify = (x: { input: string }) => verifier.verify(x.input);

// Warm: planned statements, the ZIP weights, the verifier's ZIP blocks.
for (const k of typed.slice(-500)) await preview(k);
for (const x of inputs) await verify(x);

// Interleaved halves, so both see the same machine.
const half = seconds / 2;
// The second half of the previews goes on where the first stopped: each keystroke is typed once.
const p1 = await closedLoop(pool, typed, preview, half, concurrency, { once: true });
const v1 = await closedLoop(pool, inputs, verify, half, concurrency);
const p2 = await closedLoop(pool, typed, preview, half, concurrency, { from: p1.count, once: true });
const v2 = await closedLoop(pool, inputs, verify, half, concurrency);
const merge = (a: Timing, b: Timing): Timing => ({
  count: a.count + b.count,
  wallMs: a.wallMs + b.wallMs,
  cpuMs: a.cpuMs + b.cpuMs,
  pgMs: a.pgMs + b.pgMs,
  latencies: a.latencies.concat(b.latencies),
  byKind: new Map([...a.byKind].map(([k, xs]) => [k, xs.concat(b.byKind.get(k) ?? [])])),
});
console.log(`concurrency ${concurrency}, ${seconds} s each, interleaved; ${typed.length} keystrokes`);
report('previews', merge(p1, p2));
report('verifications (baseline)', merge(v1, v2));
// Each kind of keystroke alone, for its own CPU cost (a quarter of the time each, or until
// the keystrokes neither half typed run out; the warm-up's are left out too).
const untyped = typed.slice(p1.count + p2.count, -500);
for (const kind of ['number', 'street', 'typo'] as const)
  report(
    `  ${kind} keystrokes alone`,
    await closedLoop(
      pool,
      untyped.filter((k) => k.kind === kind),
      preview,
      seconds / 4,
      concurrency,
      { once: true },
    ),
  );
let oldPool: Pool | undefined;
if (ranges > 0 || OLD) {
  const rangeTyped = ranges > 0 ? await rangeKeystrokes(pool, 1000) : [];
  console.log(`A/B: ${untyped.length} mixed keystrokes left, ${rangeTyped.length} on range-only streets`);
  const fresh = new PgCompletions(pool);
  const request = (k: Keystroke) => ({ partialStreet: k.text, filter: {}, limit: 10 });
  const sides: Side[] = [{ name: 'this commit', preview: (k) => completeAddress(fresh, request(k)) }];
  if (OLD) {
    // Connections of its own: both commits name their range statements alike, with different
    // text, and a connection keeps one prepared statement per name.
    oldPool = createPool(url, { max: concurrency + 2, applicationName: 'bench-complete' });
    const old = await oldEngine(OLD, oldPool);
    sides.push({ name: `old (${OLD})`, preview: (k) => old.complete(old.source, request(k)) });
  }
  // Warm each side (statements, weights, names) on keystrokes the measurement does not send.
  const warm = [...typed.slice(-500), ...rangeTyped.slice(-300)];
  for (const side of sides) for (const k of warm) await side.preview(k);
  const mixed = untyped.slice(0, 20_000);
  await sameRunAB(
    pool,
    sides,
    [
      ['mixed', mixed],
      ['range only', rangeTyped.slice(0, -300)],
    ],
    seconds,
    concurrency,
  );
}
if (process.argv.includes('--http')) await httpPreviews(typed);
await oldPool?.end();
await pool.end();
