/**
 * HTTP half of bench/verify.ts: a batch of 2,000 and single verifications at 200 requests/s.
 * The server runs in its own process (`--serve`), as `postroom serve` would: sharing one event
 * loop with the load generator would charge the client's work to the server's latency.
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnReady } from './support/bench-utils.js';
import { pacedLoad } from './support/paced-load.js';

if (process.argv.includes('--serve')) await serve();

/** The server process: reports its event-loop delay and CPU on SIGUSR2 (then resets them). */
async function serve() {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { loadConfig } = await import('../src/config/config.js');
  const { startRuntime } = await import('../src/runtime.js');
  const config = loadConfig();
  const runtime = await startRuntime(config, { http: true, workers: false });
  await runtime.deps.verifier.warm(); // as `postroom serve` does
  await runtime.app!.listen({ port: config.port, host: '127.0.0.1' });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let cpu = process.cpuUsage();
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const stats = {
      p50: ms(loop.percentile(50)),
      p99: ms(loop.percentile(99)),
      max: ms(loop.max),
      cpuMs: Math.round((used.user + used.system) / 1000),
    };
    console.log(`server ${JSON.stringify(stats)}`);
    loop.reset();
    cpu = process.cpuUsage();
  });
  process.on('SIGTERM', () => void runtime.close().finally(() => process.exit(0)));
  console.log('verify server ready');
}

/** The server's loop delay and CPU since the last call. */
async function serverStats(child: import('node:child_process').ChildProcess) {
  const line = new Promise<string>((resolve) => {
    const on = (d: Buffer) => {
      const m = /server (\{.*\})/.exec(String(d));
      if (m) {
        child.stdout!.off('data', on);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', on);
  });
  child.kill('SIGUSR2');
  return JSON.parse(await line) as { p50: number; p99: number; max: number; cpuMs: number };
}

export async function httpBench(databaseUrl: string, inputs: string[]) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-verify-'));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    POSTROOM_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    POSTROOM_DATA_DIR: dataDir,
  };
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = await spawnReady(
    [...nodeArgs, '--import', 'tsx', 'bench/verify-http.ts', '--serve'],
    env,
    /verify server ready/,
  );
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const { ensureOrganization } = await import('../src/platform/auth/organizations.repo.js');
    const { createKey } = await import('../src/platform/auth/keys.repo.js');
    const org = await ensureOrganization(db, 'bench-verify');
    const key = (await createKey(db, org.id, 'test', 'addver', 'secret')).key;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const base = `http://127.0.0.1:${port}/v1/addver`;
    const batchBody = JSON.stringify({ addresses: inputs.slice(0, 2000) });
    const batchMs: number[] = [];
    let batchCpuMs = 0;
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/verifications/batch`, { method: 'POST', headers, body: batchBody });
      if (res.status !== 200) throw new Error(`batch: ${res.status} ${await res.text()}`);
      await res.json();
      const ms = performance.now() - t;
      const stats = await serverStats(child);
      if (i === 0) console.log(`cold batch ${Math.round(ms)} ms`, stats);
      else {
        // The first run reads the ZIP blocks from PostgreSQL; the others find them cached.
        batchMs.push(ms);
        batchCpuMs += stats.cpuMs;
      }
    }
    batchMs.sort((a, b) => a - b);
    // Steady arrivals (one request every 5 ms, open loop), the dev inputs in turn; then the
    // same rate on a route that does no work: what the machine and the client alone add.
    const origin = `http://127.0.0.1:${port}`;
    const single = await pacedLoad({
      origin,
      path: '/v1/addver/verifications',
      method: 'POST',
      headers,
      body: (i) => JSON.stringify({ address: inputs[i % inputs.length] }),
      rate: 200,
      seconds: 10,
      connections: 20,
    });
    const singleServer = await serverStats(child);
    const idle = await pacedLoad({ origin, path: '/healthz', rate: 200, seconds: 5, connections: 20 });
    return {
      batch2000Ms: {
        median: Math.round(batchMs[2]),
        max: Math.round(batchMs.at(-1)!),
        serverCpuMs: Math.round(batchCpuMs / batchMs.length),
      },
      single200rps: {
        rps: single.rps,
        p50: single.p50,
        p99: single.p99,
        max: single.max,
        non2xx: single.non2xx + single.errors,
        serverCpuUsPerRequest: Math.round((singleServer.cpuMs * 1000) / single.sent),
        serverLoopDelayMs: { p99: singleServer.p99, max: singleServer.max },
      },
      healthz200rps: { p50: idle.p50, p99: idle.p99, max: idle.max },
    };
  } finally {
    await db.end();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
