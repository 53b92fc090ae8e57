/**
 * POST /letters latency with rendering off the request path, and a burst of letters:
 *   npm run build && node --import tsx bench/letters-api.ts [--rate 50] [--seconds 20] [--burst 1000] [--baseline-seconds 10]
 * First, the same-run baseline: the same POSTs at the same rate to an API-only process (no
 * renders anywhere), for --baseline-seconds (0 skips it). Then the measured run: the API and
 * job workers as `postroom serve` runs them (renders in a low-priority child process, or with
 * POSTROOM_RENDERS=here in the serving process's render thread), or with --split an API process
 * and a worker process (as `serve` + `postroom worker`), on a fresh database `postroom_bench_letters`
 * (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres). Prints markdown.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { descendants } from '../test/helpers/process-tree.js';
import { BackendCpu } from './support/backend-cpu.js';
import { spawnReady } from './support/bench-utils.js';
import { pacedLoad } from './support/paced-load.js';

const role = process.argv[process.argv.indexOf('--serve') + 1];
if (process.argv.includes('--serve')) {
  // both: one process as `postroom serve`; api / worker: the API and the renders apart.
  // The servers run the compiled build, as `postroom serve` does (`npm run build` first), unless
  // BENCH_FROM_SOURCE=1. From source, the render thread also compiles its TypeScript (tsx) as
  // it starts, a start-up cost that the build does not have.
  const code = process.env.BENCH_FROM_SOURCE === '1' ? '../src' : '../dist';
  const { loadConfig } = (await import(
    `${code}/config/config.js`
  )) as typeof import('../src/config/config.js');
  const { startRuntime } = (await import(`${code}/runtime.js`)) as typeof import('../src/runtime.js');
  // BENCH_TRACE_SLOW_MS=30: every statement timed; the slow ones are listed after each phase.
  const traceMs = Number(process.env.BENCH_TRACE_SLOW_MS ?? 0);
  const trace = traceMs > 0 ? (await import('./support/query-trace.js')).traceQueries(traceMs) : undefined;
  const config = loadConfig();
  const runtime = await startRuntime(config, { http: role !== 'worker', workers: role !== 'api' });
  await runtime.app?.listen({ port: config.port, host: config.host });
  // Event-loop delay and CPU of this process, reported on SIGUSR2 and reset: the bench asks
  // after each phase, so a long tail can be traced to a blocked loop (or not).
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let cpu = process.cpuUsage();
  // How often a query waited for a free connection of the shared pool (sampled every 10 ms).
  const pool = { samples: 0, waiting: 0, maxWaiting: 0 };
  setInterval(() => {
    const waiting = runtime.db.pool.waitingCount;
    pool.samples++;
    if (waiting > 0) pool.waiting++;
    pool.maxWaiting = Math.max(pool.maxWaiting, waiting);
  }, 10).unref();
  // With tracing on, every event-loop stall over the threshold is printed with its time.
  if (traceMs > 0) {
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last > traceMs + 5)
        console.error(
          `loop stall at ${new Date().toISOString().slice(11, 23)}: ${Math.round(now - last)} ms`,
        );
      last = now;
    }, 5).unref();
  }
  // Each POST's time inside this server, from Node's 'request' (headers parsed) to 'finish'
  // (response written): set beside the client's latency, it tells a tail spent here from one
  // spent outside (the client's own scheduling, the kernel, the socket queue).
  const { createHistogram } = await import('node:perf_hooks');
  const served = createHistogram();
  runtime.app?.server.on('request', (req, res) => {
    if (req.method !== 'POST') return;
    const started = performance.now();
    res.once('finish', () => served.record(Math.max(1, Math.round((performance.now() - started) * 1000))));
  });
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const poolWaitPct = Math.round((1000 * pool.waiting) / Math.max(1, pool.samples)) / 10;
    const us = (v: number) => Math.round(v / 100) / 10;
    const post = served.count
      ? { p50: us(served.percentile(50)), p99: us(served.percentile(99)), max: us(served.max) }
      : undefined;
    console.log(
      `loop-delay ${JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), cpuMs: Math.round((used.user + used.system) / 1000), poolWaitPct, poolMaxWaiting: pool.maxWaiting, post })}`,
    );
    served.reset();
    if (trace) console.error(`statements since the last report:\n${trace.report()}`);
    loop.reset();
    cpu = process.cpuUsage();
    Object.assign(pool, { samples: 0, waiting: 0, maxWaiting: 0 });
  });
  // A clean exit on SIGTERM, so `--cpu-prof` (BENCH_NODE_ARGS) writes its profile.
  process.on('SIGTERM', () => void runtime.close().finally(() => process.exit(0)));
  // timeOrigin: the wall clock of this process's start, which --trace-gc times count from.
  console.log(
    `postroom ${role} ready (started at ${new Date(performance.timeOrigin).toISOString().slice(11, 23)})`,
  );
} else {
  await bench();
}

async function bench() {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const [rate, seconds, burst] = [arg('rate', 50), arg('seconds', 20), arg('burst', 1000)];
  const baselineSeconds = arg('baseline-seconds', 10);
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = adminUrl.replace(/\/[^/]*$/, '/postroom_bench_letters');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS postroom_bench_letters WITH (FORCE)');
  await admin.query('CREATE DATABASE postroom_bench_letters');
  await admin.end();
  const dataDir = path.join(os.tmpdir(), `postroom-bench-letters-${Date.now()}`);
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PORT: '18191',
    POSTROOM_RATE_LIMIT: '0',
    LOG_LEVEL: 'info',
    POSTROOM_DATA_DIR: dataDir,
  };
  const split = process.argv.includes('--split');
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", is passed to the servers.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const serve = async (r: string) => {
    const child = await spawnReady(
      [...nodeArgs, '--import', 'tsx', 'bench/letters-api.ts', '--serve', r],
      env,
      /ready/,
    );
    // With BENCH_TRACE_SLOW_MS the servers' statement reports (stderr) are shown as they come.
    if (process.env.BENCH_TRACE_SLOW_MS) {
      child.stderr!.on('data', (d) => process.stderr.write(d));
      // Also their stdout, where --trace-gc (BENCH_NODE_ARGS) writes.
      child.stdout!.on('data', (d) => process.stderr.write(d));
    }
    return child;
  };
  // --api-alone: the worker starts after the steady phase, so that phase measures the API's own cost.
  const apiAlone = process.argv.includes('--api-alone');
  const servers: ChildProcess[] = [];
  const pss = () => servers.reduce((sum, p) => sum + treePssMb(p.pid!), 0);
  const db = new pg.Pool({ connectionString: url });
  const { migrate } = await import('../src/db/migrate.js');
  await migrate(db);
  const { ensureOrganization } = await import('../src/platform/auth/organizations.repo.js');
  const { createKey } = await import('../src/platform/auth/keys.repo.js');
  const org = await ensureOrganization(db, 'bench');
  const key = (await createKey(db, org.id, 'test', 'print-mail', 'secret')).key;
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  let n = 0;
  const body = () =>
    JSON.stringify({
      to: {
        firstName: `Reader ${n}`,
        addressLine1: `${n} Main St`,
        city: 'Boston',
        provinceOrState: 'MA',
        postalOrZip: '02114',
      },
      from: {
        companyName: 'Bench Co',
        addressLine1: '1 Sender Plaza',
        city: 'Albany',
        provinceOrState: 'NY',
        postalOrZip: '12207',
      },
      html: '<h1>Hello {{to.firstName}}</h1><p>Your number is {{n}}.</p>',
      mergeVariables: { n: n++ },
    });
  const requests = [{ setupRequest: (req: any) => ({ ...req, body: body() }) }];
  const target = {
    url: 'http://127.0.0.1:18191/print-mail/v1/letters',
    method: 'POST' as const,
    headers,
    requests,
  };

  const step = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
  // Steady arrivals (open loop, one request every 1000/rate ms; see bench/support/paced-load.ts
  // for why not autocannon's overallRate).
  const paced = (forSeconds: number) =>
    pacedLoad({
      origin: 'http://127.0.0.1:18191',
      path: '/print-mail/v1/letters',
      method: 'POST',
      headers,
      body: () => body(),
      rate,
      seconds: forSeconds,
      connections: 10,
    });
  // A just-started server compiles its code as the first requests arrive (tens of ms each on
  // this machine), which is start-up, not the steady state measured: each server gets 3 s of
  // the same load first, not counted (and the measured server more, below).
  const warmUp = () => paced(3);
  // The baseline: what this machine gives the same requests right now with nothing rendering.
  // Its letters stay queued and are rendered during the measured phases.
  let baseline: Awaited<ReturnType<typeof paced>> | undefined;
  let baselineLoop: LoopReport | undefined;
  let baselinePg: [string, number][] = [];
  // PostgreSQL's CPU in each measured phase, by connection name (who its statements serve).
  const backendCpu = new BackendCpu(db);
  if (baselineSeconds > 0) {
    step(`baseline: POST /letters at ${rate}/s for ${baselineSeconds} s to an API-only process`);
    const alone = await serve('api');
    await warmUp();
    await loopDelay(alone); // reset
    await backendCpu.start();
    baseline = await paced(baselineSeconds);
    baselinePg = await backendCpu.stop();
    baselineLoop = await loopDelay(alone);
    alone.kill('SIGTERM');
    await new Promise((res) => alone.once('exit', res));
  }
  servers.push(...(split || apiAlone ? [await serve('api')] : [await serve('both')]));
  if (split && !apiAlone) servers.push(await serve('worker'));
  const api = servers[0];
  const rendered = async () =>
    (await db.query('SELECT count(*)::int AS n FROM letters WHERE pdf_key IS NOT NULL')).rows[0].n as number;
  // Rendering's start-up is not steady state either: the render thread loads, Chromium
  // launches and opens its tabs, and in traced runs the slowest POSTs all fell in the seconds
  // after that. So the warm-up goes on, under the same load, until 30 letters have rendered.
  await warmUp();
  if (!apiAlone) {
    const started = performance.now();
    while ((await rendered()) < 30 && performance.now() - started < 60_000) await paced(1);
  }
  step(`POST /letters at ${rate}/s for ${seconds} s (warmed up: ${await rendered()} letters rendered)`);
  await loopDelay(api); // reset: start-up is not part of the phase
  const renderedBefore = await rendered();
  await backendCpu.start();
  const steady = await paced(seconds);
  const steadyPg = await backendCpu.stop();
  const steadyRenders = (await rendered()) - renderedBefore;
  const steadyLoop = await loopDelay(api);
  if (process.env.BENCH_TRACE_SLOW_MS)
    step(
      `slowest POSTs of the steady phase (due at, latency):\n${steady.slowest
        .sort((a, b) => a.at - b.at)
        .map((s) => `  ${new Date(s.at).toISOString().slice(11, 23)} ${s.ms} ms`)
        .join('\n')}`,
    );
  if (apiAlone) servers.push(await serve('worker'));
  await settle(db, step);
  const memBefore = pss();
  step(`burst of ${burst} letters`);
  const t0 = performance.now();
  const sent = await load({ ...target, amount: burst, connections: Math.min(20, burst) });
  const accepted = performance.now() - t0;
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(pss()), 500);
  const total = await settle(db, step);
  const burstLoop = await loopDelay(api);
  const finished = performance.now() - t0;
  clearInterval(sampler);
  const memAfter = pss();
  const checks = (
    await db.query(`SELECT count(*)::int AS letters,
        count(*) FILTER (WHERE pdf_key IS NULL)::int AS unrendered,
        (SELECT count(*)::int FROM events WHERE doc->'updatedFields' ? 'url') AS url_events
      FROM letters`)
  ).rows[0];
  const files = readdirSync(path.join(dataDir, 'blobs/letters/test')).filter((f) =>
    f.endsWith('.pdf'),
  ).length;
  for (const p of servers) p.kill('SIGTERM');
  await Promise.all(servers.map((p) => new Promise((res) => p.once('exit', res))));
  await db.end();

  // Where the serving process renders: a low-priority child by default, as `postroom serve`.
  const renders = `POSTROOM_RENDERS=${process.env.POSTROOM_RENDERS || 'child'}`;
  const how = apiAlone
    ? `API process alone during the steady phase, worker process started after it (--api-alone, ${renders})`
    : split
      ? `API process and worker process (--split, the worker with ${renders})`
      : `API and job workers as \`postroom serve\` (${renders})`;
  const code =
    process.env.BENCH_FROM_SOURCE === '1' ? 'servers from source (tsx)' : 'servers from the build (dist)';
  console.log(`\nMachine: ${machine()}, load average ${os.loadavg()[0].toFixed(1)}. ${how}; ${code}.`);
  console.log(
    `Command: node --import tsx bench/letters-api.ts --rate ${rate} --seconds ${seconds} --burst ${burst} --baseline-seconds ${baselineSeconds}${split ? ' --split' : ''}${apiAlone ? ' --api-alone' : ''}\n`,
  );
  console.log('| measurement | result |\n|---|---|');
  if (baseline)
    console.log(
      `| baseline, same run: POST /letters at ${rate}/s for ${baselineSeconds} s, API-only process, nothing rendering | p50 ${baseline.p50} ms, p99 ${baseline.p99} ms, ${baseline.non2xx} non-2xx, ${baseline.errors} errors |`,
    );
  if (baselineLoop)
    console.log(
      `| baseline process event loop | delay p50 ${baselineLoop.p50} ms, p99 ${baselineLoop.p99} ms, max ${baselineLoop.max} ms; CPU ${baselineLoop.cpuMs} ms${servedText(baselineLoop)} |`,
    );
  if (baselinePg.length) console.log(`| baseline: PostgreSQL CPU by connection | ${pgText(baselinePg)} |`);
  console.log(
    `| POST /letters at ${rate}/s for ${seconds} s | p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms, ${steady.non2xx} non-2xx, ${steady.errors} errors |`,
  );
  console.log(
    `| letters rendered meanwhile (renders make way for a busy API) | ${steadyRenders}, ${(steadyRenders / seconds).toFixed(1)} letters/s |`,
  );
  console.log(
    `| API process event loop during it | delay p50 ${steadyLoop.p50} ms, p99 ${steadyLoop.p99} ms, max ${steadyLoop.max} ms; CPU ${steadyLoop.cpuMs} ms; waited for a pool connection ${steadyLoop.poolWaitPct}% of the time (max ${steadyLoop.poolMaxWaiting} waiting)${servedText(steadyLoop)} |`,
  );
  if (steadyPg.length) console.log(`| PostgreSQL CPU by connection during it | ${pgText(steadyPg)} |`);
  console.log(
    `| burst: ${burst} POSTs accepted | ${(accepted / 1000).toFixed(1)} s (p99 ${sent.p99} ms, ${sent.non2xx} non-2xx) |`,
  );
  console.log(
    `| burst: all rendered | ${(finished / 1000).toFixed(1)} s after the first POST, ${((burst * 1000) / finished).toFixed(1)} letters/s |`,
  );
  console.log(
    `| letters / unrendered / url events / PDF files | ${checks.letters} / ${checks.unrendered} / ${checks.url_events} / ${files} (of ${total}) |`,
  );
  console.log(
    `| API process event loop, burst until rendered | delay p50 ${burstLoop.p50} ms, p99 ${burstLoop.p99} ms, max ${burstLoop.max} ms; CPU ${burstLoop.cpuMs} ms; waited for a pool connection ${burstLoop.poolWaitPct}% of the time (max ${burstLoop.poolMaxWaiting} waiting)${servedText(burstLoop)} |`,
  );
  console.log(
    `| memory (PSS, server + Chromium) | before burst ${memBefore} MB, peak ${Math.max(...samples, memAfter)} MB, after ${memAfter} MB |`,
  );
}

/** Asks a server for its event-loop delay and CPU since the last ask (see the SIGUSR2 handler). */
interface LoopReport {
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
  poolWaitPct: number;
  poolMaxWaiting: number;
  /** POSTs as the server timed them (request event to response finished), if any. */
  post?: { p50: number; p99: number; max: number };
}

/** `postroom 5200 ms, postroom-renders 900 ms, ...`: the connections' names are set in runtime.ts. */
function pgText(cpu: [string, number][]): string {
  return cpu.map(([who, ms]) => `${who} ${ms} ms`).join(', ');
}

function servedText(r: LoopReport): string {
  return r.post
    ? `; POSTs inside the server p50 ${r.post.p50} ms, p99 ${r.post.p99} ms, max ${r.post.max} ms`
    : '';
}

function loopDelay(server: ChildProcess): Promise<LoopReport> {
  return new Promise((resolve) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d;
      const m = /loop-delay (\{.*\})/.exec(out);
      if (!m) return;
      server.stdout!.off('data', on);
      resolve(JSON.parse(m[1]));
    };
    server.stdout!.on('data', on);
    server.kill('SIGUSR2');
  });
}

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

async function load(opts: autocannon.Options) {
  const r = await autocannon(opts);
  return { p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** Waits until every letter has its PDF (or was cancelled); returns the number of letters. */
async function settle(db: pg.Pool, step: (m: string) => void): Promise<number> {
  for (;;) {
    const r = (
      await db.query(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE pdf_key IS NULL AND status <> 'cancelled')::int AS left FROM letters`,
      )
    ).rows[0];
    if (r.left === 0) return r.all;
    step(`${r.left} of ${r.all} letters still rendering`);
    await new Promise((res) => setTimeout(res, 2000));
  }
}

function treePssMb(root: number): number {
  let kb = 0;
  for (const pid of [root, ...descendants(root)]) {
    try {
      kb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}
