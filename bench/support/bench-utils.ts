import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import type pg from 'pg';
import { BackendCpu, cpuMs } from './backend-cpu.js';

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

// Children still running when the bench exits (it failed, or forgot one) are killed, so a
// failed run leaves no server holding its port for the next one.
const spawned = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns a node process and waits for a line matching `ready`. */
export async function spawnReady(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  child.on('exit', () => spawned.delete(child));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const on = (d: Buffer) => {
      out += d;
      if (ready.test(out)) resolve();
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return child;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ duration: 8, connections: 50, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** Sequential requests, latency percentiles in ms: for list/search where p99 matters, not throughput. */
export async function latencies(
  n: number,
  fn: (i: number) => Promise<void>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

export interface CpuSplit {
  server: number;
  loadGenerator: number;
  postgres: number;
}

/**
 * Where the CPU of a load went, per request in µs: the server process, this process (the load
 * generator) and the PostgreSQL processes serving `db`'s database (BackendCpu: read from /proc,
 * so 0 unless PostgreSQL runs on this machine).
 */
export async function cpuPerRequest<T extends { rps: number }>(
  db: pg.Pool,
  serverPid: number,
  seconds: number,
  run: () => Promise<T>,
): Promise<T & { cpu: CpuSplit }> {
  const own = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const backends = new BackendCpu(db);
  await backends.start();
  const before = { server: cpuMs(serverPid) ?? 0, me: own() };
  const result = await run();
  const after = { server: cpuMs(serverPid) ?? 0, me: own() };
  const postgres = (await backends.stop()).reduce((sum, [, ms]) => sum + ms, 0);
  const requests = Math.max(1, result.rps * seconds);
  const per = (ms: number) => Math.round((ms * 1000) / requests);
  return {
    ...result,
    cpu: {
      server: per(after.server - before.server),
      loadGenerator: per(after.me - before.me),
      postgres: per(postgres),
    },
  };
}
